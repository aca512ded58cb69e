import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';

// allowMissing: server messages and our own labels are shown as they are, not as translation keys.
export const i18nProvider = polyglotI18nProvider(() => englishMessages, 'en', [{ locale: 'en', name: 'English' }], {
  allowMissing: true,
});

import { DEFAULT_TITLE } from '../../domain';
import type { AppMeta } from '../../domain';

/** Puts the deployment's title and favicon on the document. */
export function applyBranding(meta: AppMeta): void {
  document.title = meta.Title.trim() || DEFAULT_TITLE;
  const favicon = meta.Theme.Favicon;
  if (!favicon) return;
  let link = document.head.querySelector<HTMLLinkElement>('link[rel~="icon"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'icon';
    document.head.appendChild(link);
  }
  link.href = favicon;
}

import { Divider } from '@mui/material';
import { AppBar, TitlePortal } from 'react-admin';
import { useAppMeta } from '../startup/AppMetaContext';
import { topBarColors } from '../startup/theme';
import { AccountMenu } from './userMenu/AccountMenu';
import { OrganizationName } from './OrganizationName';
import { ProductLogo } from './ProductLogo';

/**
 * WCAG 2 AA "large text": 14pt bold. Where white on the theme colour reaches only 3:1 (the default #3478F6: 4.06:1),
 * every text of the bar — organization name, page title, user name — takes this size and weight.
 */
const LARGE_BOLD_TEXT = { fontSize: '1.1875rem', fontWeight: 700 } as const;

/** Top bar: logo, organization name, the page title that screens set with <Title>, and the user menu. */
export function AppHeader() {
  const { Theme } = useAppMeta();
  const bar = topBarColors(Theme.ThemeColor);
  return (
    <AppBar
      color="primary"
      userMenu={<AccountMenu />}
      sx={bar.largeText ? { '& .MuiToolbar-root .MuiTypography-root': LARGE_BOLD_TEXT } : undefined}
    >
      <ProductLogo />
      <OrganizationName />
      <Divider
        orientation="vertical"
        flexItem
        sx={{ mx: 1.5, my: 1.5, borderColor: 'currentColor', opacity: 0.35, display: { xs: 'none', md: 'block' } }}
      />
      <TitlePortal variant="body1" sx={{ display: { xs: 'none', md: 'block' } }} />
    </AppBar>
  );
}

import { Divider } from '@mui/material';
import { AppBar, TitlePortal } from 'react-admin';
import { AccountMenu } from './userMenu/AccountMenu';
import { OrganizationName } from './OrganizationName';
import { ProductLogo } from './ProductLogo';

/** Top bar: logo, organization name, the page title that screens set with <Title>, and the user menu. */
export function AppHeader() {
  return (
    <AppBar color="primary" userMenu={<AccountMenu />}>
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

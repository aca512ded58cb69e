import FingerprintIcon from '@mui/icons-material/Fingerprint';
import { lazy } from 'react';
import type { IdentityProvider } from '../../domain';

const IdpList = lazy(() => import('./IdpList').then((module) => ({ default: module.IdpList })));
const IdpEdit = lazy(() => import('./IdpEdit').then((module) => ({ default: module.IdpEdit })));
const IdpCreate = lazy(() => import('./IdpCreate').then((module) => ({ default: module.IdpCreate })));

/** /admin/idps (ORG_ADMIN, CUSTOMER_ADMIN): OpenID Connect sign-in providers. */
export const idps = {
  name: 'admin/idps',
  // Lower case: react-admin puts it inside sentences ("No identity providers found using the current filters.").
  options: { label: 'identity providers' },
  list: IdpList,
  edit: IdpEdit,
  create: IdpCreate,
  icon: FingerprintIcon,
  recordRepresentation: (provider: IdentityProvider) => provider.Name,
};

import FingerprintIcon from '@mui/icons-material/Fingerprint';
import type { IdentityProvider } from '../../domain';
import { IdpCreate } from './IdpCreate';
import { IdpEdit } from './IdpEdit';
import { IdpList } from './IdpList';

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

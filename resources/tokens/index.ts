import KeyIcon from '@mui/icons-material/KeyOutlined';
import { lazy } from 'react';
import type { AccessToken } from '../../domain';

const TokenList = lazy(() => import('./TokenList').then((module) => ({ default: module.TokenList })));
const TokenCreate = lazy(() => import('./TokenCreate').then((module) => ({ default: module.TokenCreate })));

/** /tokens (USER, ORG_ADMIN): personal API access tokens. No edit: a token is created, used and revoked. */
export const tokens = {
  name: 'tokens',
  // Lower case: react-admin puts it inside sentences ("No access tokens found using the current filters.").
  options: { label: 'access tokens' },
  list: TokenList,
  create: TokenCreate,
  icon: KeyIcon,
  recordRepresentation: (token: AccessToken) => token.Name,
};

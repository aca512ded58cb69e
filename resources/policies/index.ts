import PolicyIcon from '@mui/icons-material/PolicyOutlined';
import { lazy } from 'react';
import type { Policy } from '../../domain';

const PolicyList = lazy(() => import('./PolicyList').then((module) => ({ default: module.PolicyList })));
const PolicyCreate = lazy(() => import('./PolicyCreate').then((module) => ({ default: module.PolicyCreate })));
const PolicyEdit = lazy(() => import('./PolicyEdit').then((module) => ({ default: module.PolicyEdit })));

/** /admin/policies/{PID?} (ORG_ADMIN): global, group and language model policies with their ordered rules. */
export const policies = {
  name: 'admin/policies',
  list: PolicyList,
  create: PolicyCreate,
  edit: PolicyEdit,
  icon: PolicyIcon,
  recordRepresentation: (policy: Policy) => policy.Name,
};

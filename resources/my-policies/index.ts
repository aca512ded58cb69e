import PolicyIcon from '@mui/icons-material/PolicyOutlined';
import { lazy } from 'react';
import type { Policy } from '../../domain';

const MyPolicyShow = lazy(() => import('./MyPolicyShow').then((module) => ({ default: module.MyPolicyShow })));
const MyPolicyList = lazy(() => import('./MyPolicyList').then((module) => ({ default: module.MyPolicyList })));

/** /policies/{PID?} (USER): the policies that apply to the user, read-only. Shares /api/v1/policies; the server scopes it. */
export const myPolicies = {
  name: 'policies',
  list: MyPolicyList,
  show: MyPolicyShow,
  icon: PolicyIcon,
  recordRepresentation: (policy: Policy) => policy.Name,
};

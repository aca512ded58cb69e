import PolicyIcon from '@mui/icons-material/PolicyOutlined';
import type { Policy } from '../../domain';
import { MyPolicyList } from './MyPolicyList';
import { MyPolicyShow } from './MyPolicyShow';

/** /policies/{PID?} (USER): the policies that apply to the user, read-only. Shares /api/v1/policies; the server scopes it. */
export const myPolicies = {
  name: 'policies',
  list: MyPolicyList,
  show: MyPolicyShow,
  icon: PolicyIcon,
  recordRepresentation: (policy: Policy) => policy.Name,
};

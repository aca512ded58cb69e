import GroupsIcon from '@mui/icons-material/GroupsOutlined';
import { lazy } from 'react';
import type { Group } from '../../domain';

const MyGroupList = lazy(() => import('./MyGroupList').then((module) => ({ default: module.MyGroupList })));

/** /groups (USER): the user's own groups, read-only. Shares /api/v1/groups with admin/groups; the server scopes it. */
export const myGroups = {
  name: 'groups',
  // Lower case: react-admin puts it inside sentences ("No groups found using the current filters.").
  options: { label: 'groups' },
  list: MyGroupList,
  icon: GroupsIcon,
  recordRepresentation: (group: Group) => group.Name,
};

import GroupsIcon from '@mui/icons-material/GroupsOutlined';
import { lazy } from 'react';
import type { Group } from '../../domain';

const GroupList = lazy(() => import('./GroupList').then((module) => ({ default: module.GroupList })));
const GroupCreate = lazy(() => import('./GroupCreate').then((module) => ({ default: module.GroupCreate })));
const GroupEdit = lazy(() => import('./GroupEdit').then((module) => ({ default: module.GroupEdit })));

/** /admin/groups/{GroupId?} (ORG_ADMIN): groups and their members. */
export const groups = {
  name: 'admin/groups',
  list: GroupList,
  create: GroupCreate,
  edit: GroupEdit,
  icon: GroupsIcon,
  recordRepresentation: (group: Group) => group.Name,
};

import PeopleIcon from '@mui/icons-material/PeopleOutline';
import { lazy } from 'react';
import type { User } from '../../domain';
import { fullName } from './userFormat';

const UserList = lazy(() => import('./UserList').then((module) => ({ default: module.UserList })));
const UserCreate = lazy(() => import('./UserCreate').then((module) => ({ default: module.UserCreate })));
const UserEdit = lazy(() => import('./UserEdit').then((module) => ({ default: module.UserEdit })));

/** /admin/users/{UserId?} (ORG_ADMIN): the organization's users with their groups and one-time set-up links. */
export const users = {
  name: 'admin/users',
  list: UserList,
  create: UserCreate,
  edit: UserEdit,
  icon: PeopleIcon,
  recordRepresentation: (user: User) => fullName(user),
};

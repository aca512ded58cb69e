import CopyrightIcon from '@mui/icons-material/Copyright';
import { lazy } from 'react';
import type { ProtectedWork } from '../../domain';

const ProtectedWorkList = lazy(() => import('./ProtectedWorkList').then((module) => ({ default: module.ProtectedWorkList })));
const ProtectedWorkCreate = lazy(() => import('./ProtectedWorkCreate').then((module) => ({ default: module.ProtectedWorkCreate })));
const ProtectedWorkShow = lazy(() => import('./ProtectedWorkShow').then((module) => ({ default: module.ProtectedWorkShow })));

/** /admin/protected-works (ORG_ADMIN): the works answers are checked against, served by /api/v1/protected-works. */
export const protectedWorks = {
  name: 'admin/protected-works',
  list: ProtectedWorkList,
  create: ProtectedWorkCreate,
  show: ProtectedWorkShow,
  icon: CopyrightIcon,
  recordRepresentation: (work: ProtectedWork) => work.Name,
};

import HelpIcon from '@mui/icons-material/HelpOutline';
import { lazy } from 'react';
import type { HelpPage } from '../../domain';

const HelpList = lazy(() => import('./HelpList').then((module) => ({ default: module.HelpList })));

// The Markdown renderer (marked, DOMPurify) loads with the pages that need it.
const HelpShow = lazy(() => import('./HelpShow').then((module) => ({ default: module.HelpShow })));
const HelpEdit = lazy(() => import('./HelpEdit').then((module) => ({ default: module.HelpEdit })));
const HelpCreate = lazy(() => import('./HelpCreate').then((module) => ({ default: module.HelpCreate })));

/** /admin/help (ORG_ADMIN): built-in help pages and the organization's own; the id is the slug. */
export const help = {
  name: 'admin/help',
  // Lower case: react-admin puts it inside sentences ("No help pages found using the current filters.").
  options: { label: 'help pages' },
  list: HelpList,
  show: HelpShow,
  edit: HelpEdit,
  create: HelpCreate,
  icon: HelpIcon,
  recordRepresentation: (page: HelpPage) => page.Title,
};

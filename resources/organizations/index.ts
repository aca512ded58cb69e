import CorporateIcon from '@mui/icons-material/CorporateFareOutlined';
import { lazy } from 'react';
import type { Organization } from '../../domain';

const OrganizationList = lazy(() => import('./OrganizationList').then((module) => ({ default: module.OrganizationList })));
const OrganizationCreate = lazy(() => import('./OrganizationCreate').then((module) => ({ default: module.OrganizationCreate })));
const OrganizationEdit = lazy(() => import('./OrganizationEdit').then((module) => ({ default: module.OrganizationEdit })));

/** /admin/organizations (CUSTOMER_ADMIN): CRUD, first organization admin, and the data-source sync. */
export const organizations = {
  name: 'admin/organizations',
  list: OrganizationList,
  create: OrganizationCreate,
  edit: OrganizationEdit,
  icon: CorporateIcon,
  recordRepresentation: (organization: Organization) => organization.Name,
};

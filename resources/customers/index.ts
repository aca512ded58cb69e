import BusinessIcon from '@mui/icons-material/BusinessOutlined';
import { lazy } from 'react';
import type { Customer } from '../../domain';

const CustomerList = lazy(() => import('./CustomerList').then((module) => ({ default: module.CustomerList })));
const CustomerCreate = lazy(() => import('./CustomerCreate').then((module) => ({ default: module.CustomerCreate })));
const CustomerEdit = lazy(() => import('./CustomerEdit').then((module) => ({ default: module.CustomerEdit })));

/** /admin/customers (PRODUCT_ADMIN): customers with their first customer admin and read-only organizations. */
export const customers = {
  name: 'admin/customers',
  list: CustomerList,
  create: CustomerCreate,
  edit: CustomerEdit,
  icon: BusinessIcon,
  recordRepresentation: (customer: Customer) => customer.Name,
};

import StorageIcon from '@mui/icons-material/StorageOutlined';
import { lazy } from 'react';
import type { DataSource } from '../../domain';

const DataSourceList = lazy(() => import('./DataSourceList').then((module) => ({ default: module.DataSourceList })));
const DataSourceCreate = lazy(() => import('./DataSourceCreate').then((module) => ({ default: module.DataSourceCreate })));
const DataSourceEdit = lazy(() => import('./DataSourceEdit').then((module) => ({ default: module.DataSourceEdit })));

/** /admin/cdr/{AppId?} (ORG_ADMIN): corporate data sources, their RAG settings, sync, and the built-in file store. */
export const dataSources = {
  name: 'admin/cdr',
  list: DataSourceList,
  create: DataSourceCreate,
  edit: DataSourceEdit,
  icon: StorageIcon,
  recordRepresentation: (source: DataSource) => source.Name,
};

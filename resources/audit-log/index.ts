import HistoryIcon from '@mui/icons-material/History';
import { lazy } from 'react';
import type { AuditEntry } from '../../domain';

const AuditLogList = lazy(() => import('./AuditLogList').then((module) => ({ default: module.AuditLogList })));
const AuditLogShow = lazy(() => import('./AuditLogShow').then((module) => ({ default: module.AuditLogShow })));

/** /admin/audit-log (PRODUCT_ADMIN, CUSTOMER_ADMIN, ORG_ADMIN): read-only; opened from the admin lists. */
export const auditLog = {
  name: 'admin/audit-log',
  list: AuditLogList,
  show: AuditLogShow,
  icon: HistoryIcon,
  recordRepresentation: (entry: AuditEntry) => entry.Summary,
};

export { AuditLogButton } from './AuditLogButton';
export { RecordHistory } from './RecordHistory';

// Links into the audit log, filtered the way react-admin lists read their filter from the URL.

export const AUDIT_LOG_PATH = '/admin/audit-log';

export function auditLogLink(filter: { Resource?: string; RecordId?: string }): string {
  return `${AUDIT_LOG_PATH}?${new URLSearchParams({ filter: JSON.stringify(filter) }).toString()}`;
}

export const auditEntryLink = (id: string): string => `${AUDIT_LOG_PATH}/${encodeURIComponent(id)}/show`;

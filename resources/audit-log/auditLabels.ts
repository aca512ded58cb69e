// Human labels of the audit log's resource and action codes (domain/schemas/audit.ts).
import type { AUDIT_ACTIONS } from '../../domain';

export const AUDIT_RESOURCE_LABELS: Record<string, string> = {
  customers: 'Customers',
  organizations: 'Organizations',
  users: 'Users',
  groups: 'Groups',
  tokens: 'Access tokens',
  policies: 'Policies',
  help: 'Help pages',
  settings: 'System settings',
};

export const AUDIT_ACTION_LABELS: Record<(typeof AUDIT_ACTIONS)[number], string> = {
  create: 'Created',
  update: 'Updated',
  delete: 'Deleted',
  revoke: 'Revoked',
  sync: 'Sync started',
  login: 'Signed in',
};

export const auditResourceLabel = (resource: string): string => AUDIT_RESOURCE_LABELS[resource] ?? resource;
export const auditActionLabel = (action: string): string =>
  (AUDIT_ACTION_LABELS as Record<string, string | undefined>)[action] ?? action;

export const AUDIT_RESOURCE_CHOICES = Object.entries(AUDIT_RESOURCE_LABELS).map(([id, name]) => ({ id, name }));

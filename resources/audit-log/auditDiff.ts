// Before/after of an audit entry as rows of a readable diff: one per field, changed ones flagged.

export interface DiffRow {
  field: string;
  before: string;
  after: string;
  changed: boolean;
}

export const EMPTY_VALUE = '—';

type Snapshot = Record<string, unknown> | null;

/** Fields that only restate the change itself; shown last so the meaningful ones lead. */
const BOOKKEEPING_FIELDS = new Set(['id', 'CreatedAt', 'UpdatedAt']);

export function formatAuditValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return EMPTY_VALUE;
  if (Array.isArray(value)) return value.length === 0 ? EMPTY_VALUE : value.map((item) => formatAuditValue(item)).join(', ');
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** Every field of either side, in the order the record lists them, with bookkeeping fields last. */
export function diffAuditSnapshots(before: Snapshot, after: Snapshot): DiffRow[] {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  const ordered = [...fields.filter((field) => !BOOKKEEPING_FIELDS.has(field)), ...fields.filter((field) => BOOKKEEPING_FIELDS.has(field))];
  return ordered.map((field) => {
    const was = before ? formatAuditValue(before[field]) : EMPTY_VALUE;
    const is = after ? formatAuditValue(after[field]) : EMPTY_VALUE;
    return { field, before: was, after: is, changed: was !== is };
  });
}

/** A field name for people: "LastSyncAt" → "Last sync at", "GroupIds" → "Group ids". */
export function humanFieldName(field: string): string {
  if (field === 'id') return 'Id';
  const words = field.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

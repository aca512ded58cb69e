import { DataTable, SearchInput, SelectInput, TextInput } from 'react-admin';
import type { AuditEntry } from '../../domain';
import { EmptyListState } from '../../src/ui/lists/EmptyListState';
import { ListPage } from '../../src/ui/lists/ListPage';
import { AuditActionChip } from './AuditActionChip';
import { actorLabel, formatAuditTime } from './auditFormat';
import { AUDIT_RESOURCE_CHOICES, auditResourceLabel } from './auditLabels';

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Search summary or actor" />,
  <SelectInput key="Resource" source="Resource" label="Resource" choices={AUDIT_RESOURCE_CHOICES} alwaysOn emptyText="All resources" />,
  <TextInput key="RecordId" source="RecordId" label="Record id" />,
];

/** /admin/audit-log: every admin change the caller may see (the server scopes it), newest first. */
export function AuditLogList() {
  return (
    <ListPage
      title="Audit log"
      subtitle="Every change made by an administrator: who, when, what, and the values before and after."
      sort={{ field: 'At', order: 'DESC' }}
      filters={filters}
      exporter={false}
      empty={<EmptyListState title="No changes recorded yet" text="Changes to customers, organizations, users, groups and settings appear here." />}
    >
      <DataTable<AuditEntry> rowClick="show" bulkActionButtons={false}>
        <DataTable.Col<AuditEntry> source="At" label="At" render={(entry) => formatAuditTime(entry.At)} />
        <DataTable.Col<AuditEntry> source="ActorEmail" label="Actor" disableSort render={(entry) => actorLabel(entry.ActorEmail)} />
        <DataTable.Col<AuditEntry> source="Action" disableSort render={(entry) => <AuditActionChip action={entry.Action} />} />
        <DataTable.Col<AuditEntry> source="Resource" disableSort render={(entry) => auditResourceLabel(entry.Resource)} />
        <DataTable.Col<AuditEntry> source="Summary" disableSort />
      </DataTable>
    </ListPage>
  );
}

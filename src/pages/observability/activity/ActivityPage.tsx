import { Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useState } from 'react';
import { Title } from 'react-admin';
import { PageHeading } from '../../../ui/lists/PageHeading';
import { CsvExportButton } from '../../../ui/csv';
import { DrillDownProvider, useDrillDown } from '../drilldown/DrillDownContext';
import { DrillLink } from '../drilldown/DrillLink';
import { useEntityNames } from '../names/useEntityNames';
import { RiskLevelChip } from '../risk/RiskLevelChip';
import { FiltersBar } from '../scope/FiltersBar';
import { useMetrics } from '../scope/useMetrics';
import { formatNumber } from '../widgets/labels';
import { PromptCountsWidget } from '../widgets/PromptCountsWidget';
import { WidgetCard } from '../widgets/WidgetCard';
import { userActivityRows } from './userActivityRows';
import type { UserActivityRow, UserTopLists } from './userActivityRows';

export const ACTIVITY_TOP_N = 50;
export const USER_ACTIVITY_SELECTION =
  'master { total { topUsers { id count } topBlockedUsers { id count } topMaliciousUsers { id count } topAnonymizedUsers { id count } topRedactedUsers { id count } topRiskUsers { id value risk { finalRiskScore tokens { value count } } } } }';

const COUNT_COLUMNS = [
  { key: 'prompts', label: 'Prompts', widgetID: 'topUsers' },
  { key: 'blocked', label: 'Blocked', widgetID: 'topBlockedUsers' },
  { key: 'malicious', label: 'Malicious', widgetID: 'topMaliciousUsers' },
  { key: 'anonymized', label: 'Anonymized', widgetID: 'topAnonymizedUsers' },
  { key: 'redacted', label: 'Redacted', widgetID: 'topRedactedUsers' },
] as const;

function UsersTable({ selected, onSelect }: { selected: string | undefined; onSelect: (id: string, name: string) => void }) {
  const load = useMetrics(USER_ACTIVITY_SELECTION, { topN: ACTIVITY_TOP_N });
  const drillDown = useDrillDown();
  const lists = load.master?.total as UserTopLists | undefined;
  const rows = lists ? userActivityRows(lists) : [];
  const nameOf = useEntityNames([{ dimension: 'Users', ids: rows.map((row) => row.id) }]);
  const open = (row: UserActivityRow, column: (typeof COUNT_COLUMNS)[number]) => {
    const itemIndex = (lists?.[column.widgetID] ?? []).findIndex((item) => item.id === row.id);
    if (!load.variables || itemIndex < 0) return;
    drillDown({ title: `${column.label} · ${nameOf('Users', row.id)}`, target: { widgetID: column.widgetID, itemIndex }, variables: load.variables });
  };
  return (
    <WidgetCard
      title="Users"
      subtitle={`The ${ACTIVITY_TOP_N} most active users of the window; choose one to see their activity over time.`}
      load={load}
      empty={rows.length === 0}
      actions={
        <CsvExportButton
          title="User activity"
          rows={rows}
          columns={[
            { header: 'User', value: (row) => nameOf('Users', row.id) },
            { header: 'User id', value: (row) => row.id },
            ...COUNT_COLUMNS.map((column) => ({ header: column.label, value: (row: UserActivityRow) => row[column.key] })),
            { header: 'Average tokens', value: (row) => row.averageTokens },
            { header: 'Risk', value: (row) => row.riskLevel },
          ]}
        />
      }
    >
      <Table size="small" aria-label="User activity">
        <TableHead>
          <TableRow>
            <TableCell>User</TableCell>
            {COUNT_COLUMNS.map((column) => (
              <TableCell key={column.key} align="right">
                {column.label}
              </TableCell>
            ))}
            <TableCell align="right">Avg tokens</TableCell>
            <TableCell>Risk</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => {
            const name = nameOf('Users', row.id);
            return (
              <TableRow key={row.id} hover selected={row.id === selected} onClick={() => onSelect(row.id, name)} sx={{ cursor: 'pointer' }}>
                <TableCell>
                  <DrillLink label={`Activity of ${name}`} onOpen={() => onSelect(row.id, name)}>
                    {name}
                  </DrillLink>
                </TableCell>
                {COUNT_COLUMNS.map((column) => (
                  <TableCell key={column.key} align="right" onClick={(event) => event.stopPropagation()}>
                    {row[column.key] > 0 ? (
                      <DrillLink label={`${column.label} prompts of ${name}: ${row[column.key]}`} onOpen={() => open(row, column)}>
                        {row[column.key]}
                      </DrillLink>
                    ) : (
                      0
                    )}
                  </TableCell>
                ))}
                <TableCell align="right">{row.averageTokens === null ? '—' : formatNumber(row.averageTokens)}</TableCell>
                <TableCell>{row.riskLevel ? <RiskLevelChip level={row.riskLevel} /> : '—'}</TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </WidgetCard>
  );
}

/** /admin/observability/user-activity: per-user activity over time. */
export function ActivityPage() {
  const [user, setUser] = useState<{ id: string; name: string } | undefined>();
  return (
    <DrillDownProvider>
      <Title title="Activity Monitor" />
      <PageHeading title="Activity Monitor" subtitle="Who used the assistants, how much, and what the pipeline did with their prompts." />
      <FiltersBar />
      <Box sx={{ display: 'grid', gap: 2, pb: 3 }}>
        <UsersTable selected={user?.id} onSelect={(id, name) => setUser({ id, name })} />
        {user ? (
          <PromptCountsWidget key={user.id} userID={user.id} title={`Activity of ${user.name}`} />
        ) : (
          <Typography color="text.secondary">Choose a user above to see their prompts over time.</Typography>
        )}
      </Box>
    </DrillDownProvider>
  );
}

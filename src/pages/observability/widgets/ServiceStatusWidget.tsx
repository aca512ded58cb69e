import { Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { STATUS_FIELDS } from '../../../../dataProvider/metricsQueries';
import type { StatusCounts } from '../../../../domain/schemas/metrics-types';
import { CsvExportButton } from '../../../ui/csv';
import { BarsChart } from '../charts/BarsChart';
import { STATUS_COLORS } from '../charts/palette';
import { useDrillDown } from '../drilldown/DrillDownContext';
import { DrillLink } from '../drilldown/DrillLink';
import { useMetrics } from '../scope/useMetrics';
import { FIGURES_TABLE_SX, STAGES } from './labels';
import { WidgetCard } from './WidgetCard';

export const SERVICE_STATUS_SELECTION = `master { total { ${STAGES.map((stage) => `${stage.prefix}Status { ${STATUS_FIELDS} }`).join(' ')} } }`;

/** Status per service (§4: ok, skip, fail); itemIndex of the drill-down: 0 ok, 1 skip, 2 fail. */
const STATUSES = [
  { key: 'okCount', name: 'OK', color: STATUS_COLORS.ok, itemIndex: 0 },
  { key: 'skipCount', name: 'Skip', color: STATUS_COLORS.skip, itemIndex: 1 },
  { key: 'failCount', name: 'Fail', color: STATUS_COLORS.fail, itemIndex: 2 },
] as const;

export function ServiceStatusWidget() {
  const load = useMetrics(SERVICE_STATUS_SELECTION);
  const drillDown = useDrillDown();
  const total = load.master?.total as Record<string, StatusCounts> | undefined;
  const rows = STAGES.map((stage) => ({ ...stage, ...(total?.[`${stage.prefix}Status`] ?? { okCount: 0, skipCount: 0, failCount: 0, totalCount: 0 }) }));
  const open = (rowIndex: number, statusKey: string) => {
    const status = STATUSES.find((item) => item.key === statusKey)!;
    const stage = rows[rowIndex];
    if (!load.variables || !stage) return;
    drillDown({ title: `${stage.label} · ${status.name}`, target: { widgetID: `${stage.prefix}Status`, itemIndex: status.itemIndex }, variables: load.variables });
  };
  return (
    <WidgetCard
      title="Status per service"
      load={load}
      empty={rows.every((row) => row.totalCount === 0)}
      actions={
        <CsvExportButton
          title="Status per service"
          rows={rows}
          columns={[
            { header: 'Service', value: (row) => row.label },
            { header: 'OK', value: (row) => row.okCount },
            { header: 'Skip', value: (row) => row.skipCount },
            { header: 'Fail', value: (row) => row.failCount },
            { header: 'Total', value: (row) => row.totalCount },
          ]}
        />
      }
    >
      <BarsChart tableBeside label="Status per service" data={rows} bars={STATUSES} stacked onSelect={open} height={220} />
      <Table size="small" aria-label="Status per service" sx={FIGURES_TABLE_SX}>
        <TableHead>
          <TableRow>
            <TableCell>Service</TableCell>
            {STATUSES.map((status) => (
              <TableCell key={status.key} align="right">
                {status.name}
              </TableCell>
            ))}
            <TableCell align="right">Total</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row, rowIndex) => (
            <TableRow key={row.stage}>
              <TableCell>{row.label}</TableCell>
              {STATUSES.map((status) => (
                <TableCell key={status.key} align="right">
                  <DrillLink label={`${row.label} ${status.name}: ${row[status.key]}`} onOpen={() => open(rowIndex, status.key)}>
                    {row[status.key]}
                  </DrillLink>
                </TableCell>
              ))}
              <TableCell align="right">{row.totalCount}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </WidgetCard>
  );
}

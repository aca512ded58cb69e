import { Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useState } from 'react';
import { LATENCY_FIELDS } from '../../../../dataProvider/metricsQueries';
import type { LatencyStats } from '../../../../domain/schemas/metrics-types';
import type { MetricStage } from '../../../../domain';
import { CsvExportButton } from '../../../ui/csv';
import { BarsChart } from '../charts/BarsChart';
import { SERIES_COLOR } from '../charts/palette';
import { useDrillDown } from '../drilldown/DrillDownContext';
import { DrillLink } from '../drilldown/DrillLink';
import { useMetrics } from '../scope/useMetrics';
import { FIGURES_TABLE_SX, formatSeconds, STAGES, toSeconds } from './labels';
import { StageSelect } from './StageSelect';
import { WidgetCard } from './WidgetCard';

export const LATENCY_SELECTION = `master { total { ${STAGES.map((stage) => `${stage.prefix}Latency { ${LATENCY_FIELDS} }`).join(' ')} } }`;

/** Bin edges in seconds, with enough digits that sub-second bins stay apart. */
const seconds = (ms: number, width: number) => Number(toSeconds(ms).toFixed(width < 100 ? 3 : 2));
const binLabel = (lower: number, upper: number) =>
  seconds(lower, upper - lower) === seconds(upper, upper - lower) ? `${seconds(lower, 0)} s` : `${seconds(lower, upper - lower)}–${seconds(upper, upper - lower)} s`;

/** Latency per service in seconds (median / 1000) and the chosen service's histogram; each bin drills down. */
export function LatencyWidget() {
  const load = useMetrics(LATENCY_SELECTION);
  const drillDown = useDrillDown();
  const [stage, setStage] = useState<MetricStage>('LLM');
  const total = load.master?.total as Record<string, LatencyStats> | undefined;
  const rows = STAGES.map((info) => ({ ...info, stats: total?.[`${info.prefix}Latency`] }));
  const chosen = rows.find((row) => row.stage === stage)!;
  const bins = (chosen.stats?.autoHistogram.bins ?? []).map((bin) => ({ label: binLabel(bin.lower, bin.upper), count: bin.count }));
  const open = (info: (typeof rows)[number], binIndex?: number) => {
    if (!load.variables) return;
    const what = binIndex === undefined ? 'all' : (bins[binIndex]?.label ?? '');
    drillDown({ title: `${info.label} latency · ${what}`, target: { widgetID: `${info.prefix}Latency`, binIndex }, variables: load.variables });
  };
  return (
    <WidgetCard
      title="Latency per service"
      subtitle="Median in seconds"
      load={load}
      empty={rows.every((row) => !row.stats?.count)}
      actions={
        <CsvExportButton
          title="Latency per service"
          rows={rows}
          columns={[
            { header: 'Service', value: (row) => row.label },
            { header: 'Median (s)', value: (row) => toSeconds(row.stats?.median ?? 0) },
            { header: 'Mean (s)', value: (row) => toSeconds(row.stats?.mean ?? 0) },
            { header: 'Min (s)', value: (row) => toSeconds(row.stats?.min ?? 0) },
            { header: 'Max (s)', value: (row) => toSeconds(row.stats?.max ?? 0) },
            { header: 'Std dev (s)', value: (row) => toSeconds(row.stats?.stdDev ?? 0) },
            { header: 'Prompts', value: (row) => row.stats?.count ?? 0 },
          ]}
        />
      }
    >
      <Table size="small" aria-label="Latency per service" sx={FIGURES_TABLE_SX}>
        <TableHead>
          <TableRow>
            <TableCell>Service</TableCell>
            <TableCell align="right">Median</TableCell>
            <TableCell align="right">Mean</TableCell>
            <TableCell align="right">Max</TableCell>
            <TableCell align="right">Prompts</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.stage}>
              <TableCell>{row.label}</TableCell>
              <TableCell align="right">{formatSeconds(row.stats?.median ?? 0)}</TableCell>
              <TableCell align="right">{formatSeconds(row.stats?.mean ?? 0)}</TableCell>
              <TableCell align="right">{formatSeconds(row.stats?.max ?? 0)}</TableCell>
              <TableCell align="right">
                <DrillLink label={`${row.label} latency prompts: ${row.stats?.count ?? 0}`} onOpen={() => open(row)}>
                  {row.stats?.count ?? 0}
                </DrillLink>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Stack direction="row" spacing={2} sx={{ mt: 2, mb: 1, alignItems: 'center' }}>
        <StageSelect value={stage} onChange={setStage} label="Histogram of" />
        {chosen.stats && chosen.stats.count > 0 && (
          <Typography variant="body2" color="text.secondary">
            Most often {binLabel(chosen.stats.autoHistogram.mode - chosen.stats.autoHistogram.binSize / 2, chosen.stats.autoHistogram.mode + chosen.stats.autoHistogram.binSize / 2)}
          </Typography>
        )}
      </Stack>
      <BarsChart label={`${chosen.label} latency histogram`} data={bins} bars={[{ key: 'count', name: 'Prompts', color: SERIES_COLOR }]} onSelect={(index) => open(chosen, index)} height={200} />
    </WidgetCard>
  );
}

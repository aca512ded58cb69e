import { Stack, Table, TableBody, TableCell, TableHead, TableRow, ToggleButton, ToggleButtonGroup } from '@mui/material';
import { useState } from 'react';
import { TOKEN_STATS_FIELDS } from '../../../../dataProvider/metricsQueries';
import type { TokenStats } from '../../../../domain/schemas/metrics-types';
import type { MetricStage, TOKEN_METRICS } from '../../../../domain';
import { CsvExportButton } from '../../../ui/csv';
import { BarsChart } from '../charts/BarsChart';
import { SERIES_COLOR } from '../charts/palette';
import { useDrillDown } from '../drilldown/DrillDownContext';
import { DrillLink } from '../drilldown/DrillLink';
import { useMetrics } from '../scope/useMetrics';
import { FIGURES_TABLE_SX, formatNumber, STAGES } from './labels';
import { StageSelect } from './StageSelect';
import { WidgetCard } from './WidgetCard';

export const TOKEN_STATS_SELECTION = `master { total { ${STAGES.map((stage) => `${stage.prefix}Tokens { ${TOKEN_STATS_FIELDS} }`).join(' ')} } }`;

type TokenMetric = (typeof TOKEN_METRICS)[number];

/** Tokens per stage (§3.6: count, sum, mean, median), total or average per stage, and a stage's histogram. */
export function TokenStatsWidget() {
  const load = useMetrics(TOKEN_STATS_SELECTION);
  const drillDown = useDrillDown();
  const [metric, setMetric] = useState<TokenMetric>('TOTAL_TOKENS');
  const [stage, setStage] = useState<MetricStage>('LLM');
  const total = load.master?.total as Record<string, TokenStats> | undefined;
  const rows = STAGES.map((info) => {
    const stats = total?.[`${info.prefix}Tokens`];
    return { ...info, count: stats?.count ?? 0, sum: stats?.sum ?? 0, mean: stats?.mean ?? 0, median: stats?.median ?? 0, histogram: stats?.histogram ?? [] };
  });
  const chosen = rows.find((row) => row.stage === stage)!;
  const bins = chosen.histogram.map((bin) => ({ label: `${formatNumber(bin.lower)}–${formatNumber(bin.upper)}`, count: bin.count }));
  const chartRows = rows.map((row) => ({ label: row.label, value: metric === 'TOTAL_TOKENS' ? row.sum : Number(row.mean.toFixed(1)) }));
  const open = (row: (typeof rows)[number], binIndex?: number) => {
    if (!load.variables) return;
    const what = binIndex === undefined ? 'all' : `${bins[binIndex]?.label ?? ''} tokens`;
    drillDown({ title: `${row.label} tokens · ${what}`, target: { widgetID: `${row.prefix}Tokens`, binIndex }, variables: load.variables });
  };
  return (
    <WidgetCard
      title="Token usage per stage"
      load={load}
      empty={rows.every((row) => row.count === 0)}
      actions={
        <CsvExportButton
          title="Token usage per stage"
          rows={rows}
          columns={[
            { header: 'Stage', value: (row) => row.label },
            { header: 'Prompts', value: (row) => row.count },
            { header: 'Total tokens', value: (row) => row.sum },
            { header: 'Average tokens', value: (row) => row.mean },
            { header: 'Median tokens', value: (row) => row.median },
          ]}
        />
      }
    >
      <ToggleButtonGroup size="small" exclusive value={metric} onChange={(_, next: TokenMetric | null) => next && setMetric(next)} aria-label="Token figure">
        <ToggleButton value="TOTAL_TOKENS">Total tokens</ToggleButton>
        <ToggleButton value="AVERAGE_TOKENS">Average tokens</ToggleButton>
      </ToggleButtonGroup>
      <BarsChart tableBeside
        label={metric === 'TOTAL_TOKENS' ? 'Total tokens per stage' : 'Average tokens per stage'}
        data={chartRows}
        bars={[{ key: 'value', name: metric === 'TOTAL_TOKENS' ? 'Total tokens' : 'Average tokens', color: SERIES_COLOR }]}
        unit="tokens"
        decimals={metric === 'AVERAGE_TOKENS'}
        height={200}
        onSelect={(index) => {
          const row = rows[index];
          if (row) open(row);
        }}
      />
      <Table size="small" aria-label="Token usage per stage" sx={FIGURES_TABLE_SX}>
        <TableHead>
          <TableRow>
            <TableCell>Stage</TableCell>
            <TableCell align="right">Prompts</TableCell>
            <TableCell align="right">Total</TableCell>
            <TableCell align="right">Average</TableCell>
            <TableCell align="right">Median</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.stage}>
              <TableCell>{row.label}</TableCell>
              <TableCell align="right">
                <DrillLink label={`${row.label} token prompts: ${row.count}`} onOpen={() => open(row)}>
                  {row.count}
                </DrillLink>
              </TableCell>
              <TableCell align="right">{formatNumber(row.sum)}</TableCell>
              <TableCell align="right">{formatNumber(row.mean)}</TableCell>
              <TableCell align="right">{formatNumber(row.median)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Stack direction="row" sx={{ mt: 2, mb: 1 }}>
        <StageSelect value={stage} onChange={setStage} label="Histogram of" />
      </Stack>
      <BarsChart label={`${chosen.label} tokens histogram`} data={bins} bars={[{ key: 'count', name: 'Prompts', color: SERIES_COLOR }]} height={180} onSelect={(index) => open(chosen, index)} />
    </WidgetCard>
  );
}

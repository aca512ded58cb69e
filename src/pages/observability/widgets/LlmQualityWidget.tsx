import { Box, Stack, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { useState } from 'react';
import { BUCKET_FIELDS, QUALITY_FIELDS, select } from '../../../../dataProvider/metricsQueries';
import type { QualityStats, TimeBucket } from '../../../../domain/schemas/metrics-types';
import { LLM_QUALITY_FIELDS } from '../../../../domain';
import { CsvExportButton } from '../../../ui/csv';
import { BarsChart } from '../charts/BarsChart';
import { NoDataOverlay } from '../charts/NoDataOverlay';
import { SERIES_COLOR } from '../charts/palette';
import { useDrillDown } from '../drilldown/DrillDownContext';
import { bucketLabel, bucketTitle } from '../scope/metricsWindow';
import { useMetrics } from '../scope/useMetrics';
import { formatNumber } from './labels';
import { QUALITY_LABELS, qualityBucketValue } from './quality';
import type { QualityField } from './quality';
import { WidgetCard } from './WidgetCard';

export const LLM_QUALITY_SELECTION = `master { ${BUCKET_FIELDS} y { ${select(LLM_QUALITY_FIELDS, 'count mean')} } total { ${select(LLM_QUALITY_FIELDS, QUALITY_FIELDS)} } }`;

/** Says why the chart of a metric nobody scored is flat (accuracy then shows 100 in every bucket, §2.8). */
export function noScoresText(field: QualityField): string {
  const filler = field === 'llmAccuracy' ? 'Buckets without scores show 100.' : 'Buckets without scores show 0.';
  return `No answer was scored for ${QUALITY_LABELS[field].toLowerCase()} in this window: no data yet. ${filler}`;
}

/** Language-model quality (accuracy, hallucination, toxicity, bias): mean per bucket and the histogram of values. */
export function LlmQualityWidget() {
  const load = useMetrics(LLM_QUALITY_SELECTION);
  const drillDown = useDrillDown();
  const [field, setField] = useState<QualityField>('llmAccuracy');
  const total = load.master?.total as Record<QualityField, QualityStats> | undefined;
  const buckets = (load.master?.x ?? []) as TimeBucket[];
  const values = (load.master?.y ?? []) as Record<QualityField, { count: number; mean: number }>[];
  const series = buckets.map((bucket, index) => ({
    label: bucketLabel(bucket.start, bucket.interval),
    start: bucket.start,
    value: qualityBucketValue(field, values[index]?.[field] ?? { count: 0, mean: 0 }),
    answers: values[index]?.[field].count ?? 0,
  }));
  const stats = total?.[field];
  const bins = (stats?.histogram ?? []).map((bin) => ({ label: `${formatNumber(bin.lower)}–${formatNumber(bin.upper)}`, count: bin.count }));
  const name = QUALITY_LABELS[field];
  const open = (target: { seriesIndex?: number; binIndex?: number }) => {
    if (!load.variables) return;
    const bucket = target.seriesIndex === undefined ? undefined : buckets[target.seriesIndex];
    const what = bucket ? bucketTitle(bucket) : (bins[target.binIndex ?? 0]?.label ?? '');
    drillDown({ title: `${name} · ${what}`, target: { widgetID: field, ...target }, variables: load.variables });
  };
  return (
    <WidgetCard
      title="Language model quality"
      load={load}
      empty={total !== undefined && LLM_QUALITY_FIELDS.every((item) => total[item].count === 0)}
      emptyText="No verified answers in this window."
      actions={
        <CsvExportButton
          title={`${name} over time`}
          rows={series}
          columns={[
            { header: 'Bucket start', value: (row) => row.start },
            { header: name, value: (row) => row.value },
            { header: 'Verified answers', value: (row) => row.answers },
          ]}
        />
      }
    >
      <ToggleButtonGroup size="small" exclusive value={field} onChange={(_, next: QualityField | null) => next && setField(next)} aria-label="Quality metric">
        {LLM_QUALITY_FIELDS.map((item) => (
          <ToggleButton key={item} value={item}>
            {QUALITY_LABELS[item]}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {stats && (
        <Stack direction="row" spacing={3} sx={{ my: 1.5 }}>
          <Box>
            <Typography variant="body2" color="text.secondary">
              Mean
            </Typography>
            <Typography variant="h6" component="p" aria-label={`${name} mean`}>
              {stats.count ? formatNumber(stats.mean) : '—'}
            </Typography>
          </Box>
          <Box>
            <Typography variant="body2" color="text.secondary">
              Median
            </Typography>
            <Typography variant="h6" component="p">
              {stats.count ? formatNumber(stats.median) : '—'}
            </Typography>
          </Box>
          <Box>
            <Typography variant="body2" color="text.secondary">
              Verified answers
            </Typography>
            <Typography variant="h6" component="p">
              {stats.count}
            </Typography>
          </Box>
        </Stack>
      )}
      <NoDataOverlay show={stats?.count === 0} text={noScoresText(field)}>
        <BarsChart label={`${name} over time`} decimals data={series} bars={[{ key: 'value', name, color: SERIES_COLOR }]} height={180} onSelect={(seriesIndex) => open({ seriesIndex })} />
        <BarsChart label={`${name} histogram`} data={bins} bars={[{ key: 'count', name: 'Answers', color: '#7B1FA2' }]} height={160} onSelect={(binIndex) => open({ binIndex })} />
      </NoDataOverlay>
    </WidgetCard>
  );
}

import { Box, Stack, ToggleButton, ToggleButtonGroup } from '@mui/material';
import { CountTile } from './CountTile';
import { useState } from 'react';
import { BUCKET_FIELDS, select } from '../../../../dataProvider/metricsQueries';
import type { Count, TimeBucket } from '../../../../domain/schemas/metrics-types';
import { PROMPT_COUNT_FIELDS } from '../../../../domain';
import { CsvExportButton } from '../../../ui/csv';
import { BarsChart } from '../charts/BarsChart';
import { KIND_COLORS } from '../charts/palette';
import { useDrillDown } from '../drilldown/DrillDownContext';
import { bucketLabel, bucketTitle } from '../scope/metricsWindow';
import { useMetrics } from '../scope/useMetrics';
import { PROMPT_COUNT_LABELS } from './labels';
import type { PromptCountField } from './labels';
import { WidgetCard } from './WidgetCard';

const COUNTS = select(PROMPT_COUNT_FIELDS, 'count');
export const PROMPT_COUNTS_SELECTION = `master { ${BUCKET_FIELDS} y { ${COUNTS} } total { ${COUNTS} } }`;

type CountValues = Record<PromptCountField, Count>;

/** Prompt counts (§2.8): the five totals of the window and the chosen kind per time bucket. */
export function PromptCountsWidget({ userID, title = 'Prompt counts' }: { userID?: string | null; title?: string }) {
  const load = useMetrics(PROMPT_COUNTS_SELECTION, { userID });
  const drillDown = useDrillDown();
  const [kind, setKind] = useState<PromptCountField>('prompts');
  const total = load.master?.total as CountValues | undefined;
  const buckets = (load.master?.x ?? []) as TimeBucket[];
  const values = (load.master?.y ?? []) as CountValues[];
  const rows = buckets.map((bucket, index) => ({
    label: bucketLabel(bucket.start, bucket.interval),
    start: bucket.start,
    ...Object.fromEntries(PROMPT_COUNT_FIELDS.map((field) => [field, values[index]?.[field].count ?? 0])),
  })) as ({ label: string; start: string } & Record<PromptCountField, number>)[];

  const open = (field: PromptCountField, seriesIndex?: number) => {
    if (!load.variables) return;
    const bucket = seriesIndex === undefined ? undefined : buckets[seriesIndex];
    const when = bucket ? bucketTitle(bucket) : 'the whole window';
    drillDown({ title: `${PROMPT_COUNT_LABELS[field]} · ${when}`, target: { widgetID: field, seriesIndex }, variables: load.variables });
  };

  return (
    <WidgetCard
      title={title}
      load={load}
      empty={total !== undefined && total.prompts.count === 0}
      actions={
        <CsvExportButton
          title={`${title} over time`}
          rows={rows}
          columns={[{ header: 'Bucket start', value: (row) => row.start }, ...PROMPT_COUNT_FIELDS.map((field) => ({ header: PROMPT_COUNT_LABELS[field], value: (row: (typeof rows)[number]) => row[field] }))]}
        />
      }
    >
      {total && (
        <Stack spacing={2}>
          <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(110px, 1fr))', gap: 1 }}>
            {PROMPT_COUNT_FIELDS.map((field) => (
              <CountTile
                key={field}
                label={PROMPT_COUNT_LABELS[field]}
                count={total[field].count}
                ariaLabel={`${PROMPT_COUNT_LABELS[field]}: ${total[field].count} prompts`}
                onOpen={() => open(field)}
                accent={KIND_COLORS[field]}
              />
            ))}
          </Box>
          <ToggleButtonGroup size="small" exclusive value={kind} onChange={(_, next: PromptCountField | null) => next && setKind(next)} aria-label="Series shown">
            {PROMPT_COUNT_FIELDS.map((field) => (
              <ToggleButton key={field} value={field}>
                {PROMPT_COUNT_LABELS[field]}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
          <BarsChart
            label={`${PROMPT_COUNT_LABELS[kind]} over time`}
            data={rows}
            bars={[{ key: kind, name: PROMPT_COUNT_LABELS[kind], color: KIND_COLORS[kind] }]}
            onSelect={(index) => open(kind, index)}
          />
        </Stack>
      )}
    </WidgetCard>
  );
}

import { Box } from '@mui/material';
import { CountTile } from './CountTile';
import { select } from '../../../../dataProvider/metricsQueries';
import type { Count } from '../../../../domain/schemas/metrics-types';
import { TOOL_COUNT_FIELDS } from '../../../../domain';
import type { ToolCountField } from '../../../../domain';
import { useDrillDown } from '../drilldown/DrillDownContext';
import { useMetrics } from '../scope/useMetrics';
import { TOOL_COUNT_LABELS } from './labels';
import { WidgetCard } from './WidgetCard';

export const TOOL_TRAFFIC_SELECTION = `master { total { ${select(TOOL_COUNT_FIELDS, 'count')} } }`;

/** Agent traffic through the gateway: tool calls the model made and tool results the app sent back, and what governance did to them. */
export function ToolTrafficWidget() {
  const load = useMetrics(TOOL_TRAFFIC_SELECTION, {});
  const drillDown = useDrillDown();
  const total = load.master?.total as Record<ToolCountField, Count> | undefined;
  const open = (field: ToolCountField) => {
    if (load.variables) drillDown({ title: `${TOOL_COUNT_LABELS[field]} · prompts of the whole window`, target: { widgetID: field }, variables: load.variables });
  };
  return (
    <WidgetCard
      title="Tool calls and results"
      subtitle="Counted per call or result; a figure lists the prompts that carried them."
      load={load}
      empty={total !== undefined && total.toolCalls.count === 0 && total.toolResults.count === 0}
      emptyText="No tool calls or tool results in this window."
    >
      {total && (
        <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, minmax(110px, 1fr))', gap: 1 }}>
          {TOOL_COUNT_FIELDS.map((field) => (
            <CountTile key={field} label={TOOL_COUNT_LABELS[field]} count={total[field].count} ariaLabel={`${TOOL_COUNT_LABELS[field]}: ${total[field].count}`} onOpen={() => open(field)} />
          ))}
        </Box>
      )}
    </WidgetCard>
  );
}

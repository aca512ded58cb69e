import TableChartIcon from '@mui/icons-material/TableChartOutlined';
import { Box, Button } from '@mui/material';
import { useState } from 'react';
import { ChartDataTable } from './ChartDataTable';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

const TOOLTIP_TEXT = 'rgba(0, 0, 0, 0.87)';

export interface BarSeries {
  key: string;
  name: string;
  color: string;
}

export interface BarsChartProps {
  /** Names the chart for assistive technology ("Prompts over time"). */
  label: string;
  data: Record<string, string | number>[];
  /** Field of a row that labels the x axis. */
  xKey?: string;
  bars: readonly BarSeries[];
  stacked?: boolean;
  height?: number;
  /** Values with fractions (means); counts keep whole-number ticks. */
  decimals?: boolean;
  /** Shown in the tooltip after a value ("s", "tokens"). */
  unit?: string;
  /** The widget shows the same figures in its own table (with their drill-down links): no "Show as table" then. */
  tableBeside?: boolean;
  /** A click on a bar: its row and the series clicked (drill-down). */
  onSelect?: (index: number, seriesKey: string) => void;
}

/**
 * Bars over categories or time buckets; every bar drills down when onSelect is given. "Show as table" swaps the chart
 * for its data, the chart's text alternative and its keyboard path to the drill-down.
 */
export function BarsChart({ tableBeside, ...props }: BarsChartProps) {
  const [asTable, setAsTable] = useState(false);
  if (tableBeside) return <BarsFigure {...props} />;
  const { label, data, xKey = 'label', bars, unit, onSelect } = props;
  return (
    <Box>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button size="small" startIcon={<TableChartIcon fontSize="small" />} aria-pressed={asTable} onClick={() => setAsTable((shown) => !shown)} aria-label={`${asTable ? 'Show as chart' : 'Show as table'}: ${label}`}>
          {asTable ? 'Show as chart' : 'Show as table'}
        </Button>
      </Box>
      {asTable ? (
        <ChartDataTable label={label} data={data} xKey={xKey} bars={bars} unit={unit} onSelect={onSelect} />
      ) : (
        <BarsFigure {...props} />
      )}
    </Box>
  );
}

function BarsFigure({ label, data, xKey = 'label', bars, stacked, height = 240, decimals = false, unit, onSelect }: BarsChartProps) {
  return (
    <Box role="img" aria-label={label} sx={{ width: '100%', height }}>
      <ResponsiveContainer width="100%" height={height} initialDimension={{ width: 560, height }}>
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey={xKey} tick={{ fontSize: 11 }} interval="preserveStartEnd" />
          <YAxis width={48} tick={{ fontSize: 11 }} allowDecimals={decimals} />
          {/* Tooltip rows in the text colour: a series' own colour (a light grey, say) may not reach 4.5:1 as text. */}
          <Tooltip formatter={(value) => (unit ? `${String(value)} ${unit}` : String(value))} itemStyle={{ color: TOOLTIP_TEXT }} />
          {/* In the order of the series (recharts sorts by name otherwise: "Previous run" before "This run"). */}
          {bars.length > 1 && <Legend wrapperStyle={{ fontSize: 12 }} itemSorter={(item) => bars.findIndex((bar) => bar.key === item.dataKey)} />}
          {bars.map((bar) => (
            <Bar
              key={bar.key}
              dataKey={bar.key}
              name={bar.name}
              fill={bar.color}
              stackId={stacked ? 'stack' : undefined}
              isAnimationActive={false}
              cursor={onSelect ? 'pointer' : undefined}
              onClick={onSelect ? (_item: unknown, index: number) => onSelect(index, bar.key) : undefined}
            />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </Box>
  );
}

import { Button, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import type { BarSeries } from './BarsChart';

interface ChartDataTableProps {
  label: string;
  data: Record<string, string | number>[];
  xKey: string;
  bars: readonly BarSeries[];
  unit?: string;
  onSelect?: (index: number, seriesKey: string) => void;
}

/**
 * A chart's data as a table: its text alternative (WCAG 1.1.1), and the keyboard's way to the drill-down that a click
 * on a bar opens (each value is then a button).
 */
export function ChartDataTable({ label, data, xKey, bars, unit, onSelect }: ChartDataTableProps) {
  const show = (value: string | number | undefined) => (value === undefined ? '—' : unit ? `${String(value)} ${unit}` : String(value));
  return (
    <Table size="small" aria-label={`${label} (data)`}>
      <TableHead>
        <TableRow>
          <TableCell scope="col" component="th" />
          {bars.map((bar) => (
            <TableCell key={bar.key} scope="col" component="th" align="right">
              {bar.name}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {data.map((row, index) => (
          <TableRow key={`${String(row[xKey])}-${index}`}>
            <TableCell scope="row" component="th">
              {String(row[xKey] ?? '')}
            </TableCell>
            {bars.map((bar) => (
              <TableCell key={bar.key} align="right">
                {onSelect ? (
                  <Button size="small" onClick={() => onSelect(index, bar.key)} aria-label={`${bar.name}, ${String(row[xKey] ?? '')}: ${show(row[bar.key])} — show these prompts`} sx={{ minWidth: 0 }}>
                    {show(row[bar.key])}
                  </Button>
                ) : (
                  show(row[bar.key])
                )}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

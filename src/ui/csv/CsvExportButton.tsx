import DownloadIcon from '@mui/icons-material/Download';
import { Button } from '@mui/material';
import { csvFileName, downloadCsv, toCsv } from './toCsv';
import type { CsvColumn } from './toCsv';

export interface CsvExportButtonProps<T> {
  /** Names the file and the button's accessible label ("Export Top users as CSV"). */
  title: string;
  columns: readonly CsvColumn<T>[];
  rows: readonly T[];
}

/** Downloads the rows of a table as CSV. */
export function CsvExportButton<T>({ title, columns, rows }: CsvExportButtonProps<T>) {
  return (
    <Button
      size="small"
      startIcon={<DownloadIcon />}
      aria-label={`Export ${title} as CSV`}
      disabled={rows.length === 0}
      onClick={() => downloadCsv(csvFileName(title), toCsv(columns, rows))}
    >
      CSV
    </Button>
  );
}

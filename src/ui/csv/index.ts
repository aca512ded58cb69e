export { CsvExportButton } from './CsvExportButton';
export type { CsvExportButtonProps } from './CsvExportButton';
export { csvCell, csvFileName, downloadCsv, toCsv } from './toCsv';
export type { CsvColumn } from './toCsv';

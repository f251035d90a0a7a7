/**
 * CSV as RFC 4180 writes it and Excel opens it: comma-separated, CRLF line ends (the last row too), a field
 * quoted when it holds a comma, a double quote, CR or LF (quotes inside doubled), and a UTF-8 byte order mark
 * so Excel reads the file as UTF-8. Values are written as they are: nothing is trimmed or rewritten.
 */
export type CsvValue = string | number | null | undefined;

export const CSV_BOM = '\uFEFF';
export const CSV_LINE_END = '\r\n';

export function csvField(value: CsvValue): string {
  const text = value === null || value === undefined ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRow(values: readonly CsvValue[]): string {
  return values.map(csvField).join(',');
}

/** The whole file: BOM, header row, data rows. */
export function csvDocument(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return CSV_BOM + [header, ...rows].map((row) => csvRow(row) + CSV_LINE_END).join('');
}

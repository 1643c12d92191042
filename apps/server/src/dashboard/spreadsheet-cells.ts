/** A spreadsheet cell: text, a number, or empty. */
export type Cell = string | number | null;

/**
 * Formula injection (CSV/spreadsheet injection): a text cell that begins with one of these is read as a formula by
 * spreadsheet programs. Such a cell is written as text: prefixed with an apostrophe in CSV, and as a plain string cell
 * (never a formula) in XLSX, with the same apostrophe so that a copy-paste stays inert.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function inertText(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

function csvField(cell: Cell): string {
  if (cell === null) return "";
  if (typeof cell === "number") return String(cell);
  const text = inertText(cell);
  return /[",\r\n;]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** RFC 4180 CSV with CRLF line ends and a BOM (so Excel reads UTF-8 accents). */
export function toCsv(rows: Cell[][]): string {
  return `\uFEFF${rows.map((row) => row.map(csvField).join(",")).join("\r\n")}\r\n`;
}

import { inertText } from "../storage/inert-text.js";

/** A spreadsheet cell: text, a number, or empty. Text is written inert (storage/inert-text.ts). */
export type Cell = string | number | null;

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

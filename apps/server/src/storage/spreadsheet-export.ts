import * as XLSX from "@e965/xlsx";
import { inertText } from "./inert-text.js";


/**
 * A cell of an exported sheet: text stays text. In XLSX every value is a string cell (type "s", never a formula, never
 * re-read as a number); in CSV, which carries no types, text a spreadsheet would run as a formula ("=HYPERLINK(…)",
 * "+55…", "-1", "@SUM(…)") gets a leading apostrophe, the OWASP advice against CSV injection.
 */
export function spreadsheetCell(value: unknown, bookType: "xlsx" | "csv"): XLSX.CellObject {
  const text = value === null || value === undefined ? "" : String(value);
  return { t: "s", v: bookType === "csv" ? inertText(text) : text };
}

/**
 * Writes rows (a header row first) as an XLSX or CSV file for download. Every export of user-entered data (contact
 * names, e-mails, extra fields) goes through here, so a name like "=cmd|' /C calc'!A0" never runs on the reader's
 * machine.
 */
export function writeSpreadsheet(rows: unknown[][], bookType: "xlsx" | "csv", sheetName = "Sheet1"): Buffer {
  const sheet = XLSX.utils.aoa_to_sheet(rows.map((row) => row.map((value) => spreadsheetCell(value, bookType))));
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, sheetName);
  return XLSX.write(book, { type: "buffer", bookType }) as Buffer;
}

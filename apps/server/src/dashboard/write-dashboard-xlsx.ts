import * as XLSX from "@e965/xlsx";
import { inertText } from "../storage/inert-text.js";
import type { Cell } from "./spreadsheet-cells.js";

/** One sheet of the workbook: every text cell is a string cell (type "s"), never a formula. */
function sheetOf(rows: Cell[][]): XLSX.WorkSheet {
  const sheet: XLSX.WorkSheet = {};
  let width = 0;
  rows.forEach((row, r) => {
    width = Math.max(width, row.length);
    row.forEach((cell, c) => {
      if (cell === null) return;
      const address = XLSX.utils.encode_cell({ r, c });
      sheet[address] = typeof cell === "number" ? { t: "n", v: cell } : { t: "s", v: inertText(cell) };
    });
  });
  sheet["!ref"] = XLSX.utils.encode_range({ s: { r: 0, c: 0 }, e: { r: Math.max(rows.length - 1, 0), c: Math.max(width - 1, 0) } });
  return sheet;
}

/** The export workbook (loaded only when an export is asked for: the package stays out of a plain start). */
export function writeDashboardXlsx(sheets: { name: string; rows: Cell[][] }[]): Buffer {
  const book = XLSX.utils.book_new();
  for (const { name, rows } of sheets) XLSX.utils.book_append_sheet(book, sheetOf(rows), name);
  return XLSX.write(book, { type: "buffer", bookType: "xlsx" }) as Buffer;
}

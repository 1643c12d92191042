import path from "node:path";
import * as XLSX from "@e965/xlsx";
import { CONTACT_EXTRA_INFO_NAME_MAX, CONTACT_IMPORT_MAX_ROWS, type ContactImportError } from "@atendo/shared";

export interface SheetRow {
  /** The spreadsheet's row number (the header is row 1 when the sheet starts at the top). */
  row: number;
  name: string;
  number: string;
  email: string;
  /** The other columns with a value, by their header. */
  extraInfo: { name: string; value: string }[];
}

export type SheetReadResult = { ok: true; rows: SheetRow[] } | { ok: false; error: ContactImportError };

/** Headers compared without case, accents, spaces, dots, dashes or underscores ("E-mail", "Número", "Phone No"). */
const headerKey = (header: string) =>
  header
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[\s._-]/g, "");

const ROLES = {
  name: new Set(["name", "nome", "fullname", "nomecompleto"]),
  number: new Set(["number", "numero", "telefone", "phone", "phonenumber", "celular", "whatsapp", "fone", "tel", "mobile"]),
  email: new Set(["email", "mail"]),
} as const;
type Role = keyof typeof ROLES;

/** Excel shows big integers as 5.51199E+12: a phone number must keep its digits. Dates keep their formatted text. */
function cellText(cell: XLSX.CellObject | undefined): string {
  if (!cell || cell.v === undefined || cell.v === null || cell.t === "e" || cell.t === "z") return "";
  if (cell.t === "n" && typeof cell.v === "number" && Number.isInteger(cell.v)) return String(cell.v);
  return String(cell.w ?? cell.v).trim();
}

/** Spreadsheets saved by Excel in Brazil are often Windows-1252, not UTF-8. */
function decodeText(data: Buffer): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(data).replace(/^\uFEFF/, "");
  } catch {
    return new TextDecoder("windows-1252").decode(data);
  }
}

/**
 * Reads the first sheet: a header row, then one contact a row. Columns name/nome, number/numero/número/telefone/phone
 * and email/e-mail are the contact; every other column with a header becomes an extra info row. Fully empty rows are
 * skipped. Only rows are read here; validating them is the import's job.
 */
export function readContactSheet(data: Buffer, fileName: string): SheetReadResult {
  let sheet: XLSX.WorkSheet | undefined;
  try {
    // One row more than allowed, to tell "too many" from "just enough" without reading a huge sheet whole.
    const options: XLSX.ParsingOptions = { dense: true, cellDates: true, sheetRows: CONTACT_IMPORT_MAX_ROWS + 2 };
    const book =
      path.extname(fileName).toLowerCase() === ".csv"
        ? XLSX.read(decodeText(data), { ...options, type: "string", raw: true })
        : XLSX.read(data, { ...options, type: "buffer" });
    sheet = book.SheetNames[0] ? book.Sheets[book.SheetNames[0]] : undefined;
  } catch {
    return { ok: false, error: "unreadableFile" };
  }
  if (!sheet?.["!ref"]) return { ok: false, error: "noNumberColumn" };

  const range = XLSX.utils.decode_range(sheet["!ref"]);
  const grid = (sheet["!data"] ?? []) as (XLSX.CellObject[] | undefined)[];
  const text = (r: number, c: number) => cellText(grid[r]?.[c]);

  const columns: Partial<Record<Role, number>> = {};
  const extraColumns: { index: number; name: string }[] = [];
  for (let c = range.s.c; c <= range.e.c; c++) {
    const header = text(range.s.r, c);
    if (!header) continue;
    const role = (Object.keys(ROLES) as Role[]).find((r) => ROLES[r].has(headerKey(header)));
    if (role && columns[role] === undefined) columns[role] = c;
    else extraColumns.push({ index: c, name: header.slice(0, CONTACT_EXTRA_INFO_NAME_MAX) });
  }
  if (columns.number === undefined) return { ok: false, error: "noNumberColumn" };

  const rows: SheetRow[] = [];
  for (let r = range.s.r + 1; r <= range.e.r; r++) {
    const at = (c: number | undefined) => (c === undefined ? "" : text(r, c));
    const extraInfo = extraColumns.map((e) => ({ name: e.name, value: at(e.index) })).filter((e) => e.value !== "");
    const row = { row: r + 1, name: at(columns.name), number: at(columns.number), email: at(columns.email), extraInfo };
    if (!row.name && !row.number && !row.email && extraInfo.length === 0) continue;
    rows.push(row);
    if (rows.length > CONTACT_IMPORT_MAX_ROWS) return { ok: false, error: "tooManyRows" };
  }
  return { ok: true, rows };
}

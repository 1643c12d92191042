import * as XLSX from "@e965/xlsx";

/** The columns the import reads (the contacts' sheet reader also takes name/number/phone and accents). */
export const EXAMPLE_SHEET_HEADER = ["Nome", "Numero", "Email"] as const;

/**
 * The example spreadsheet offered on the lists page: the header and two sample rows, built on request (it is small)
 * so it always matches what the import reads. Imported lazily by its route: the library loads on first use.
 */
export function buildExampleSheet(): Buffer {
  const sheet = XLSX.utils.aoa_to_sheet([
    [...EXAMPLE_SHEET_HEADER],
    // Numbers as text: Excel would otherwise show them as 5.51199E+12.
    ["Maria Silva", "5511987654321", "maria@exemplo.com.br"],
    ["João Souza", "5521998765432", ""],
  ]);
  sheet["!cols"] = [{ wch: 24 }, { wch: 18 }, { wch: 28 }];
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, "Contatos");
  return XLSX.write(book, { type: "buffer", bookType: "xlsx" }) as Buffer;
}

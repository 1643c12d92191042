import * as XLSX from "@e965/xlsx";
import { describe, expect, it } from "vitest";
import { writeSpreadsheet } from "./spreadsheet-export.js";

const NAMES = ["=HYPERLINK(\"http://evil.test\",\"clique\")", "+5511999990000", "-2+3", "@SUM(A1:A2)", "Maria"];

describe("exported spreadsheets", () => {
  it("writes names that look like formulas as text cells in XLSX (no formula, no number)", () => {
    const file = writeSpreadsheet([["name"], ...NAMES.map((n) => [n])], "xlsx");
    const sheet = XLSX.read(file, { type: "buffer", cellFormula: true }).Sheets.Sheet1!;
    NAMES.forEach((name, i) => {
      const cell = sheet[`A${i + 2}`] as XLSX.CellObject;
      expect(cell.t).toBe("s");
      expect(cell.f).toBeUndefined();
      expect(cell.v).toBe(name);
    });
  });

  it("prefixes them with an apostrophe in CSV, and leaves other text alone", () => {
    const csv = writeSpreadsheet([["name"], ...NAMES.map((n) => [n])], "csv").toString("utf8");
    const lines = csv.trim().split("\n").slice(1);
    expect(lines[0]).toBe(`"'=HYPERLINK(""http://evil.test"",""clique"")"`);
    expect(lines.slice(1)).toEqual(["'+5511999990000", "'-2+3", "'@SUM(A1:A2)", "Maria"]);
  });
});

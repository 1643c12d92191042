import { describe, expect, it } from "vitest";
import { CONTACT_IMPORT_MAX_ROWS } from "@atendo/shared";
import { readContactSheet } from "./read-contact-sheet.js";

const csv = (text: string) => Buffer.from(text, "utf8");

describe("readContactSheet", () => {
  it("maps the header's synonyms, keeps other columns as extra info and numbers rows as the sheet does", () => {
    const result = readContactSheet(csv("Nome Completo,Telefone,E-mail,Aniversário,\nAna,(11) 98765-4321,ana@x.test,02/01,x\n,,,,\nBia,5511900001111,,,\n"), "a.csv");
    expect(result).toEqual({
      ok: true,
      rows: [
        { row: 2, name: "Ana", number: "(11) 98765-4321", email: "ana@x.test", extraInfo: [{ name: "Aniversário", value: "02/01" }] },
        { row: 4, name: "Bia", number: "5511900001111", email: "", extraInfo: [] },
      ],
    });
  });

  it("needs a number column", () => {
    expect(readContactSheet(csv("nome,cidade\nAna,SP\n"), "a.csv")).toEqual({ ok: false, error: "noNumberColumn" });
    expect(readContactSheet(csv(""), "a.csv")).toEqual({ ok: false, error: "noNumberColumn" });
  });

  it(`refuses more than ${CONTACT_IMPORT_MAX_ROWS} rows`, () => {
    const lines = Array.from({ length: CONTACT_IMPORT_MAX_ROWS + 1 }, (_, i) => `P${i},55119${String(10000000 + i)}`);
    expect(readContactSheet(csv(`name,number\n${lines.join("\n")}\n`), "a.csv")).toEqual({ ok: false, error: "tooManyRows" });
    expect(readContactSheet(csv(`name,number\n${lines.slice(1).join("\n")}\n`), "a.csv")).toMatchObject({ ok: true });
  });
});

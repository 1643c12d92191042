import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as XLSX from "@e965/xlsx";
import { companyEvent, type ContactListImportView, type ContactListItemPage, type ContactListView, type WhatsAppView } from "@atendo/shared";
import type { Database } from "../db/client.js";
import { createTestApp, createTestDatabase, type TestApp } from "../test/helpers.js";
import { multipart } from "../test/multipart.js";
import { eventually } from "../test/socket-client.js";
import { captureEvents, connectionsCompany, waitForStatus, type Emitted } from "../connections/test-support.js";

let database: Database;
let app: TestApp;
let emitted: Emitted[];

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp(database);
  emitted = captureEvents(app);
});
afterAll(async () => {
  await app.close();
  await database.close();
});

function workbook(rows: unknown[][], bookType: XLSX.BookType = "xlsx"): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), "Contatos");
  return XLSX.write(book, { type: "buffer", bookType }) as Buffer;
}

async function listOf() {
  const ctx = await connectionsCompany(app, database.db);
  const headers = ctx.asAgent;
  const list = (await app.inject({ method: "POST", url: "/contact-lists", headers, payload: { name: "Importada" } })).json<ContactListView>();
  const upload = (name: string, data: Buffer, listId = list.id) => {
    const body = multipart({ name, type: "application/octet-stream", data });
    return app.inject({ method: "POST", url: `/contact-lists/${listId}/upload`, headers: { ...headers, ...body.headers }, payload: body.payload });
  };
  const finished = async (id: number) => {
    let view: ContactListImportView | undefined;
    await eventually(async () => {
      view = (await app.inject({ method: "GET", url: `/contact-list-imports/${id}`, headers })).json<ContactListImportView>();
      return view.status === "done" || view.status === "failed";
    }, 30_000);
    return view!;
  };
  const items = async () =>
    (await app.inject({ method: "GET", url: `/contact-list-items?contactListId=${list.id}`, headers })).json<ContactListItemPage>().contacts;
  return { ...ctx, headers, list, upload, finished, items };
}

describe("POST /contact-lists/{id}/upload", () => {
  it("imports a spreadsheet in a job and reports every row: imported, duplicate, invalid number", async () => {
    const { company, list, upload, finished, items, headers } = await listOf();
    await app.inject({ method: "POST", url: "/contact-list-items", headers, payload: { contactListId: list.id, name: "Já estava", number: "5531988887777" } });
    const data = workbook([
      ["Nome", "Número", "E-mail"],
      ["Maria", "5511987650001", "maria@exemplo.com"],
      ["Número ruim", "99999999", ""],
      ["Maria outra vez", "(11) 98765-0001", ""],
      ["", "+55 21 99876-0002", "sem-arroba"],
      ["Antigo", "553188887777", ""],
    ]);
    const res = await upload("clientes.xlsx", data);
    expect(res.statusCode).toBe(202);
    const started = res.json<{ import: ContactListImportView }>().import;
    expect(started).toMatchObject({ contactListId: list.id, fileName: "clientes.xlsx", status: "queued" });

    const done = await finished(started.id);
    expect(done).toMatchObject({ status: "done", total: 5, processed: 5, imported: 2, duplicates: 2, invalid: 1, error: null });
    expect(done.rows).toEqual([
      { row: 2, status: "imported", name: "Maria", number: "5511987650001" },
      { row: 3, status: "invalid-number", name: "Número ruim", number: "99999999" },
      { row: 4, status: "duplicate", name: "Maria outra vez", number: "5511987650001" },
      // No name: the number stands in; a bad e-mail is left out rather than losing the row.
      { row: 5, status: "imported", name: "5521998760002", number: "5521998760002" },
      { row: 6, status: "duplicate", name: "Antigo", number: "5531988887777" },
    ]);
    expect((await items()).map((i) => [i.name, i.number, i.email])).toEqual([
      ["5521998760002", "5521998760002", ""],
      ["Já estava", "5531988887777", ""],
      ["Maria", "5511987650001", "maria@exemplo.com"],
    ]);

    // Progress reached the company's sockets, and so did the list's new count.
    const statuses = () =>
      emitted
        .filter((e) => e.event === companyEvent.contactListItem(company.id) && (e.payload as { action: string }).action === "import")
        .map((e) => (e.payload as { import: ContactListImportView }).import.status);
    await eventually(async () => statuses().includes("done"));
    expect(statuses()).toEqual(["queued", "running", "running", "done"]);
    expect(emitted).toContainEqual({
      to: "company",
      event: companyEvent.contactList(company.id),
      payload: { action: "update", record: expect.objectContaining({ id: list.id, contactsCount: 3 }) },
    });
  });

  it("reads .xls workbooks too", async () => {
    const { upload, finished } = await listOf();
    const res = await upload("antiga.xls", workbook([["nome", "numero"], ["Ana", "5511987650009"]], "biff8"));
    expect(res.statusCode).toBe(202);
    expect(await finished(res.json().import.id)).toMatchObject({ status: "done", imported: 1 });
  });

  it("refuses a file whose bytes are no spreadsheet, whatever its name, before storing it", async () => {
    const { upload, items } = await listOf();
    const exe = Buffer.concat([Buffer.from("MZ"), Buffer.alloc(510)]);
    for (const [name, data] of [
      ["planilha.xlsx", exe],
      ["planilha.xls", exe],
      ["contatos.csv", Buffer.from("nome,numero\nAna,5511987650009\n")],
      ["planilha.xls", workbook([["nome", "numero"]], "xlsx")],
    ] as const) {
      const res = await upload(name, data);
      expect(res.statusCode, name).toBe(400);
      expect(res.json()).toEqual({ error: "ERR_INVALID_FILE_TYPE", details: { allowed: ["xls", "xlsx"] } });
    }
    expect(await items()).toEqual([]);
  });

  it("fails an import visibly when the sheet has no number column", async () => {
    const { upload, finished } = await listOf();
    const res = await upload("sem-numero.xlsx", workbook([["nome", "cidade"], ["Ana", "Recife"]]));
    expect(await finished(res.json().import.id)).toMatchObject({ status: "failed", error: "noNumberColumn", imported: 0 });
  });

  it("answers another company's list and import as not found", async () => {
    const mine = await listOf();
    const other = await listOf();
    const res = await mine.upload("x.xlsx", workbook([["nome", "numero"], ["Ana", "5511987650009"]]), other.list.id);
    expect(res.statusCode).toBe(404);
    const theirs = await other.upload("x.xlsx", workbook([["nome", "numero"], ["Ana", "5511987650009"]]));
    const read = await app.inject({ method: "GET", url: `/contact-list-imports/${theirs.json().import.id}`, headers: mine.headers });
    expect(read.statusCode).toBe(404);
  });

  it("marks each number WhatsApp-valid or not from the connected connection's check", async () => {
    const { asAdmin, upload, finished, items } = await listOf();
    const connection = (await app.inject({ method: "POST", url: "/whatsapp", headers: asAdmin, payload: { name: "Simulada", provider: "simulator" } })).json<WhatsAppView>();
    await app.inject({ method: "POST", url: `/simulator/${connection.id}/scan`, headers: asAdmin, payload: { qrcode: connection.qrcode } });
    await waitForStatus(database.db, connection.id, "CONNECTED");

    // The simulator's network holds Brazilian numbers; a US number is not on it.
    const res = await upload("lista.xlsx", workbook([["nome", "numero"], ["Ana", "5511987650009"], ["John", "+1 415 555 2671"]]));
    await finished(res.json().import.id);
    await eventually(async () => (await items()).every((i) => i.isWhatsappValid !== null), 15_000);
    expect((await items()).map((i) => [i.name, i.isWhatsappValid])).toEqual([
      ["Ana", true],
      ["John", false],
    ]);
  });
});

describe("GET /contact-lists/example.xlsx", () => {
  it("downloads a small workbook with the columns the import reads", async () => {
    const { headers } = await listOf();
    const res = await app.inject({ method: "GET", url: "/contact-lists/example.xlsx", headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-disposition"]).toContain(".xlsx");
    const book = XLSX.read(res.rawPayload, { type: "buffer" });
    const rows = XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1 });
    expect(rows[0]).toEqual(["Nome", "Numero", "Email"]);
    expect(rows.length).toBeGreaterThan(1);
  });
});

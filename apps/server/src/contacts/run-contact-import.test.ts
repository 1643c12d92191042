import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import * as XLSX from "@e965/xlsx";
import { companyEvent, type ContactImportEventPayload, type ContactImportView } from "@atendo/shared";
import type { Database } from "../db/client.js";
import { contactExtraInfo, contactImports, contacts } from "../db/schema.js";
import { bearer, createCompany, createTestApp, createTestDatabase, createUser, login, testConfig, type TestApp } from "../test/helpers.js";
import { connected, connectSocket, listen } from "../test/socket-client.js";
import type { Realtime } from "../realtime/realtime.js";
import { runContactImport } from "./run-contact-import.js";

let database: Database;
let app: TestApp;
let url: string;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp(database);
  url = await listen(app);
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

function multipart(fileName: string, data: Buffer) {
  const boundary = "----atendo-test-boundary";
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return {
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([Buffer.from(head), data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
  };
}

async function agentOf(on: TestApp = app) {
  const company = await createCompany(database.db);
  const user = await createUser(database.db, company.id);
  return { company, token: (await login(on, user.email, user.password)).token };
}

const upload = (token: string, fileName: string, data: Buffer, on: TestApp = app) => {
  const body = multipart(fileName, data);
  return on.inject({ method: "POST", url: "/contacts/upload", headers: { ...bearer(token), ...body.headers }, payload: body.payload });
};

async function finished(token: string, id: number, on: TestApp = app, timeoutMs = 30_000): Promise<ContactImportView> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    const res = await on.inject({ method: "GET", url: `/contacts/imports/${id}`, headers: bearer(token) });
    expect(res.statusCode, res.body).toBe(200);
    const view = res.json() as ContactImportView;
    if (view.status === "done" || view.status === "failed") return view;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`import ${id} did not finish`);
}

async function importFile(token: string, fileName: string, data: Buffer): Promise<ContactImportView> {
  const res = await upload(token, fileName, data);
  expect(res.statusCode, res.body).toBe(202);
  const started = res.json().import as ContactImportView;
  expect(started).toMatchObject({ status: "queued", processed: 0, created: 0, updated: 0, rejected: [] });
  return finished(token, started.id);
}

const contactsOf = (companyId: number) => database.db.select().from(contacts).where(eq(contacts.companyId, companyId));

const numbered = (count: number, first = 0) =>
  Array.from({ length: count }, (_, i) => [`Pessoa ${first + i}`, `55119${String(30000000 + first + i)}`]);

describe("POST /contacts/upload and the import job", () => {
  it("creates good rows, updates the contact with the same number, reports bad rows with their reasons", async () => {
    const { company, token } = await agentOf();
    const [existing] = await database.db
      .insert(contacts)
      .values({ companyId: company.id, name: "Antigo", number: "551187650000", canonicalNumber: "5511987650000", email: "old@x.test" })
      .returning();
    const sheet = workbook([
      ["Nome", "Número", "E-mail", "CPF", "Cidade"],
      ["Maria", "+55 11 98765-4321", "Maria@X.test", "111", "SP"],
      ["Novo Nome", "11 98765-0000", "", "222", ""],
      ["A", "5511911110000", "", "", ""],
      ["Sem Número", "", "", "", ""],
      ["Email Ruim", "5511911110001", "ruim@", "", ""],
      ["Número Ruim", "12345678", "", "", ""],
      [],
      ["João", 5511911110002, "", "", "RJ"],
    ]);
    const report = await importFile(token, "clientes.xlsx", sheet);

    expect(report).toMatchObject({ status: "done", fileName: "clientes.xlsx", total: 7, processed: 7, created: 2, updated: 1, rejectedCount: 4, error: null });
    expect(report.rejected).toEqual([
      { row: 4, field: "name", reason: "validation.tooShort", value: "A" },
      { row: 5, field: "number", reason: "validation.required", value: "" },
      { row: 6, field: "email", reason: "validation.invalidEmail", value: "ruim@" },
      { row: 7, field: "number", reason: "validation.invalidNumber", value: "12345678" },
    ]);

    const rows = await contactsOf(company.id);
    expect(rows.map((c) => [c.name, c.number, c.email]).sort()).toEqual([
      ["João", "5511911110002", ""],
      ["Maria", "5511987654321", "maria@x.test"],
      // Updated: the sheet's name, the e-mail kept (the sheet had none), the number WhatsApp knows kept.
      ["Novo Nome", "551187650000", "old@x.test"],
    ]);
    const extra = await database.db.select().from(contactExtraInfo).where(eq(contactExtraInfo.companyId, company.id));
    const maria = rows.find((c) => c.name === "Maria")!;
    expect(extra.filter((e) => e.contactId === maria.id).map((e) => [e.name, e.value]).sort()).toEqual([["CPF", "111"], ["Cidade", "SP"]]);
    expect(extra.filter((e) => e.contactId === existing!.id).map((e) => [e.name, e.value])).toEqual([["CPF", "222"]]);

    // The same file again: everything known is updated, nothing is duplicated.
    const again = await importFile(token, "clientes.xlsx", sheet);
    expect(again).toMatchObject({ status: "done", created: 0, updated: 3, rejectedCount: 4 });
    expect(await contactsOf(company.id)).toHaveLength(3);
    const extraAgain = await database.db.select().from(contactExtraInfo).where(eq(contactExtraInfo.companyId, company.id));
    expect(extraAgain).toHaveLength(extra.length);
  });

  it("shows progress on the company's sockets batch by batch, and a row repeated in the sheet updates the first", async () => {
    const { company, token } = await agentOf();
    const socket = connectSocket(url, token);
    await connected(socket);
    const events: ContactImportView[] = [];
    socket.on(companyEvent.contactImport(company.id), (payload: ContactImportEventPayload) => events.push(payload.import));

    const rows = [["name", "phone"], ...numbered(250), ["Pessoa 0 de novo", "5511930000000"]];
    const report = await importFile(token, "lote.xlsx", workbook(rows));
    expect(report).toMatchObject({ status: "done", total: 251, created: 250, updated: 1, rejectedCount: 0 });
    await new Promise((r) => setTimeout(r, 200));
    expect(events.map((e) => [e.status, e.processed])).toEqual([
      ["running", 0],
      ["running", 100],
      ["running", 200],
      ["running", 251],
      ["done", 251],
    ]);
    expect((await contactsOf(company.id)).find((c) => c.number === "5511930000000")?.name).toBe("Pessoa 0 de novo");
    socket.close();
  });

  it("reads CSV with semicolons saved as Windows-1252, and old .xls workbooks", async () => {
    const { company, token } = await agentOf();
    const csv = Buffer.from("nome;telefone;e-mail\nJoão Conceição;(21) 99876-5432;joao@x.test\n", "latin1");
    expect(await importFile(token, "planilha.csv", csv)).toMatchObject({ status: "done", created: 1 });
    const xls = workbook([["Name", "Number"], ["Zé", "5531988887777"]], "biff8");
    expect(await importFile(token, "antiga.xls", xls)).toMatchObject({ status: "done", created: 1 });
    expect((await contactsOf(company.id)).map((c) => c.name).sort()).toEqual(["João Conceição", "Zé"]);
  });

  it("fails, visibly, a sheet without a number column or a file that is not readable", async () => {
    const { token } = await agentOf();
    expect(await importFile(token, "sem-numero.xlsx", workbook([["Nome", "Cidade"], ["Maria", "SP"]]))).toMatchObject({
      status: "failed",
      error: "noNumberColumn",
    });
    const broken = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from("not really a zip")]);
    expect(await importFile(token, "quebrada.xlsx", broken)).toMatchObject({ status: "failed", error: "unreadableFile" });
  });

  it("refuses files that are not spreadsheets before storing them", async () => {
    const { company, token } = await agentOf();
    const binary = Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00]);
    for (const [name, data] of [
      ["notas.txt", Buffer.from("name,number\n")],
      ["programa.xls", binary],
      ["renomeado.xlsx", Buffer.from("name,number\nMaria,5511987654321\n")],
      ["imagem.csv", binary],
    ] as const) {
      const res = await upload(token, name, data);
      expect(res.statusCode, name).toBe(400);
      expect(res.json(), name).toEqual({ error: "ERR_INVALID_FILE_TYPE" });
    }
    const empty = await upload(token, "vazia.csv", Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    expect(await database.db.select().from(contactImports).where(eq(contactImports.companyId, company.id))).toEqual([]);
  });

  it("does not show one company's import to another", async () => {
    const a = await agentOf();
    const b = await agentOf();
    const res = await upload(a.token, "a.csv", Buffer.from("name,number\nAna,5511987654321\n"));
    const id = res.json().import.id as number;
    const foreign = await app.inject({ method: "GET", url: `/contacts/imports/${id}`, headers: bearer(b.token) });
    expect(foreign.statusCode).toBe(404);
    await finished(a.token, id);
  });
});

describe("an interrupted import", () => {
  it("resumes after its last saved batch with exact counts and no duplicates", async () => {
    const company = await createCompany(database.db);
    const stored = await app.deps.storage.save(company.id, "contact-imports", "big.xlsx", workbook([["nome", "numero"], ...numbered(250)]));
    const [row] = await database.db.insert(contactImports).values({ companyId: company.id, fileName: "big.xlsx", filePath: stored.path }).returning();
    const job = { importId: row!.id, companyId: company.id };

    // The process stops right after the first batch is saved.
    const stopping = new AbortController();
    const realtime = {
      toCompany: (_c: number, _e: string, payload: ContactImportEventPayload) => {
        if (payload.import.processed >= 100) stopping.abort();
      },
    } as unknown as Realtime;
    const attempt = { jobId: "a", retryCount: 0, lastAttempt: false, signal: stopping.signal };
    await expect(runContactImport({ ...app.deps, realtime }, job, attempt)).rejects.toThrow();
    const [midway] = await database.db.select().from(contactImports).where(eq(contactImports.id, row!.id));
    expect(midway).toMatchObject({ status: "running", processed: 100, created: 100 });
    expect(await contactsOf(company.id)).toHaveLength(100);

    const retry = { jobId: "a", retryCount: 1, lastAttempt: false, signal: new AbortController().signal };
    await runContactImport({ ...app.deps, realtime: { toCompany: () => undefined } as unknown as Realtime }, job, retry);
    const [done] = await database.db.select().from(contactImports).where(eq(contactImports.id, row!.id));
    expect(done).toMatchObject({ status: "done", total: 250, processed: 250, created: 250, updated: 0 });
    expect(await contactsOf(company.id)).toHaveLength(250);
    // The file is gone once the import is over.
    expect(await app.deps.storage.exists(stored.path)).toBe(false);
  });

  it("is finished by the next process when the first one stops", async () => {
    const config = testConfig();
    const first = await createTestApp(database, { dataDir: config.dataDir, jobsSchema: config.jobsSchema });
    const { company, token } = await agentOf(first);
    const res = await upload(token, "grande.xlsx", workbook([["nome", "numero"], ...numbered(1500)]), first);
    expect(res.statusCode).toBe(202);
    const id = res.json().import.id as number;
    await first.close();
    // Stopping aborts the job at its next batch: the first process leaves the import unfinished.
    const [left] = await database.db.select().from(contactImports).where(eq(contactImports.id, id));
    expect(left?.status).not.toBe("done");

    const second = await createTestApp(database, { dataDir: config.dataDir, jobsSchema: config.jobsSchema });
    try {
      const report = await finished(token, id, second, 60_000);
      expect(report).toMatchObject({ status: "done", total: 1500, processed: 1500, created: 1500, updated: 0 });
      const rows = await database.db.select().from(contacts).where(and(eq(contacts.companyId, company.id)));
      expect(rows).toHaveLength(1500);
    } finally {
      await second.close();
    }
  }, 90_000);
});

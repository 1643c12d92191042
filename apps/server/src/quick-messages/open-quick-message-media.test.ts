import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client.js";
import { quickMessages } from "../db/schema.js";
import { bearer, createCompany, createTestApp, createTestDatabase, createUser, login, type TestApp } from "../test/helpers.js";
import { multipart, SAMPLE_FILES } from "../test/multipart.js";

let database: Database;
let app: TestApp;
beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp(database);
});
afterAll(async () => {
  await app.close();
  await database.close();
});

describe("GET /quick-messages/{id}/media", () => {
  it("serves a quick message's file to whoever may see the message, and to nobody else", async () => {
    const company = await createCompany(database.db);
    const owner = await createUser(database.db, company.id);
    const colleague = await createUser(database.db, company.id);
    const [row] = await database.db.insert(quickMessages).values({ companyId: company.id, userId: owner.id, shortcode: "tabela", message: "Segue a tabela" }).returning();
    const asOwner = bearer((await login(app, owner.email, owner.password)).token);
    const form = multipart({ name: "tabela de preços.pdf", type: "application/pdf", data: SAMPLE_FILES.pdf }, { typeArch: "quickMessage" });
    expect((await app.inject({ method: "POST", url: `/quick-messages/${row!.id}/media-upload`, headers: { ...asOwner, ...form.headers }, payload: form.payload })).statusCode).toBe(200);

    const res = await app.inject({ method: "GET", url: `/quick-messages/${row!.id}/media`, headers: asOwner });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(SAMPLE_FILES.pdf)).toBe(true);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["content-disposition"]).toBe('inline; filename="tabela_de_pre_os.pdf"');

    // A colleague does not see a personal quick message, nor another company.
    const asColleague = bearer((await login(app, colleague.email, colleague.password)).token);
    expect((await app.inject({ method: "GET", url: `/quick-messages/${row!.id}/media`, headers: asColleague })).statusCode).toBe(404);
    expect((await app.inject({ method: "GET", url: `/quick-messages/${row!.id}/media` })).statusCode).toBe(401);
  });
});

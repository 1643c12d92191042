import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { Database } from "../db/client.js";
import { contactExtraInfo } from "../db/schema.js";
import { bearer, createCompany, createTestApp, createTestDatabase, createUser, login, type TestApp } from "../test/helpers.js";

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

describe("DELETE /contacts/{id}", () => {
  it("is refused to agents (contacts-page:deleteContact) and done for admins, extra info included", async () => {
    const company = await createCompany(database.db);
    const admin = await createUser(database.db, company.id, { profile: "admin" });
    const agent = await createUser(database.db, company.id);
    const supervisor = await createUser(database.db, company.id, { profile: "supervisor" });
    const adminToken = (await login(app, admin.email, admin.password)).token;
    const created = await app.inject({
      method: "POST",
      url: "/contacts",
      headers: bearer(adminToken),
      payload: { name: "Doomed", number: "5511955554444", extraInfo: [{ name: "CPF", value: "9" }] },
    });
    const id = created.json().id as number;

    for (const user of [agent, supervisor]) {
      const token = (await login(app, user.email, user.password)).token;
      const res = await app.inject({ method: "DELETE", url: `/contacts/${id}`, headers: bearer(token) });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: "ERR_NO_PERMISSION" });
    }

    const res = await app.inject({ method: "DELETE", url: `/contacts/${id}`, headers: bearer(adminToken) });
    expect(res.statusCode).toBe(204);
    const gone = await app.inject({ method: "GET", url: `/contacts/${id}`, headers: bearer(adminToken) });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ error: "ERR_NO_CONTACT_FOUND" });
    expect(await database.db.select().from(contactExtraInfo).where(eq(contactExtraInfo.contactId, id))).toEqual([]);
    expect((await app.inject({ method: "DELETE", url: `/contacts/${id}`, headers: bearer(adminToken) })).statusCode).toBe(404);
  });
});

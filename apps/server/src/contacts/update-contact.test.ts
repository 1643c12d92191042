import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { Database } from "../db/client.js";
import { contactExtraInfo, contacts } from "../db/schema.js";
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

async function agentOf() {
  const company = await createCompany(database.db);
  const user = await createUser(database.db, company.id);
  return { company, token: (await login(app, user.email, user.password)).token };
}
const create = async (token: string, payload: Record<string, unknown>) => {
  const res = await app.inject({ method: "POST", url: "/contacts", headers: bearer(token), payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number };
};
const put = (token: string, id: number, payload: Record<string, unknown>) =>
  app.inject({ method: "PUT", url: `/contacts/${id}`, headers: bearer(token), payload });

describe("PUT /contacts/{id}", () => {
  it("edits name, number and e-mail and replaces the extra info", async () => {
    const { token } = await agentOf();
    const { id } = await create(token, {
      name: "Joana",
      number: "5511987650000",
      extraInfo: [
        { name: "CPF", value: "1" },
        { name: "Plano", value: "Ouro" },
      ],
    });
    const res = await put(token, id, { name: "Joana Lima", number: "+55 21 99876-1111", email: "joana@x.test", extraInfo: [{ name: "Plano", value: "Prata" }] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id, name: "Joana Lima", number: "5521998761111", email: "joana@x.test", extraInfo: [{ name: "Plano", value: "Prata" }] });
    const rows = await database.db.select().from(contactExtraInfo).where(eq(contactExtraInfo.contactId, id));
    expect(rows.map((r) => [r.name, r.value])).toEqual([["Plano", "Prata"]]);
    const detail = await app.inject({ method: "GET", url: `/contacts/${id}`, headers: bearer(token) });
    expect(detail.json()).toMatchObject({ name: "Joana Lima", extraInfo: [{ name: "Plano", value: "Prata" }] });
  });

  it("refuses to move a contact onto another contact's number, in either Brazilian form", async () => {
    const { token } = await agentOf();
    await create(token, { name: "Holder", number: "5511988880001" });
    const { id } = await create(token, { name: "Mover", number: "5511988880002" });
    for (const number of ["5511988880001", "55 11 8888-0001"]) {
      const res = await put(token, id, { name: "Mover", number });
      expect(res.statusCode, number).toBe(409);
      expect(res.json()).toEqual({ error: "ERR_DUPLICATED_CONTACT" });
    }
    // Its own number in the other form is no conflict.
    expect((await put(token, id, { name: "Mover", number: "55 11 98888-0002" })).statusCode).toBe(200);
  });

  it("needs a number unless WhatsApp knows the contact by LID", async () => {
    const { company, token } = await agentOf();
    const { id } = await create(token, { name: "Numbered", number: "5511977776666" });
    const res = await put(token, id, { name: "Numbered", number: "" });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual([{ path: "body.number", message: "validation.required" }]);

    const [lidOnly] = await database.db.insert(contacts).values({ companyId: company.id, name: "Lid Only", lid: "123456789@lid" }).returning();
    const edited = await put(token, lidOnly!.id, { name: "Lid Renamed", number: "" });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ name: "Lid Renamed", number: "" });
  });

  it("validates like the form and answers 404 for another company's contact", async () => {
    const { token } = await agentOf();
    const other = await agentOf();
    const { id } = await create(other.token, { name: "Theirs", number: "5511966665555" });
    expect((await put(token, id, { name: "Mine", number: "5511966665555" })).statusCode).toBe(404);
    const bad = await put(other.token, id, { name: "T", number: "5511966665555", email: "bad" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual(
      expect.arrayContaining([
        { path: "body.name", message: "validation.tooShort" },
        { path: "body.email", message: "validation.invalidEmail" },
      ]),
    );
  });
});

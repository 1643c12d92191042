import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONTACT_OPTIONS_LIMIT, PAGE_SIZE, type ContactView } from "@atendo/shared";
import type { Database } from "../db/client.js";
import { contacts } from "../db/schema.js";
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
const get = async (token: string, url: string) => {
  const res = await app.inject({ method: "GET", url, headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const names = (page: { contacts: ContactView[] }) => page.contacts.map((c) => c.name);

describe("GET /contacts", () => {
  it("searches name, e-mail and number, case-insensitively, by digits across the ninth digit", async () => {
    const { company, token } = await agentOf();
    await database.db.insert(contacts).values([
      { companyId: company.id, name: "Ana Paula", number: "5511987654321", canonicalNumber: "5511987654321", email: "ana@loja.test" },
      { companyId: company.id, name: "Bruno", number: "551187650000", canonicalNumber: "5511987650000", email: "bruno@x.test" },
      { companyId: company.id, name: "Carla 50%", number: "5521912345678", canonicalNumber: "5521912345678", email: "" },
      { companyId: company.id, name: "Grupo da Loja", number: "120363000000000001", isGroup: true },
    ]);
    expect(names(await get(token, "/contacts?searchParam=ANA"))).toEqual(["Ana Paula"]);
    expect(names(await get(token, "/contacts?searchParam=x.test"))).toEqual(["Bruno"]);
    expect(names(await get(token, "/contacts?searchParam=(11)%2098765"))).toEqual(["Ana Paula", "Bruno"]);
    // Bruno's number is stored without the ninth digit; searched with it, he is still found.
    expect(names(await get(token, "/contacts?searchParam=11987650000"))).toEqual(["Bruno"]);
    // Ana's is stored with it; searched without it, she is found too.
    expect(names(await get(token, "/contacts?searchParam=(11)%208765-4321"))).toEqual(["Ana Paula"]);
    // % is text, not a wildcard.
    expect(names(await get(token, "/contacts?searchParam=50%25"))).toEqual(["Carla 50%"]);
    // Groups live on their own page.
    expect(names(await get(token, "/contacts?searchParam=loja"))).toEqual(["Ana Paula"]);
    expect(names(await get(token, "/contacts/"))).toEqual(["Ana Paula", "Bruno", "Carla 50%"]);
  });

  it("pages by name with count and hasMore, within the company only", async () => {
    const { company, token } = await agentOf();
    const other = await createCompany(database.db);
    const total = PAGE_SIZE + 5;
    await database.db.insert(contacts).values(
      Array.from({ length: total }, (_, i) => ({
        companyId: company.id,
        name: `Pessoa ${String(i).padStart(3, "0")}`,
        number: `55119${String(10000000 + i)}`,
        canonicalNumber: `55119${String(10000000 + i)}`,
      })),
    );
    await database.db.insert(contacts).values({ companyId: other.id, name: "Pessoa de fora", number: "5511900000000", canonicalNumber: "5511900000000" });

    const first = await get(token, "/contacts?pageNumber=1");
    expect(first).toMatchObject({ count: total, hasMore: true });
    expect(first.contacts).toHaveLength(PAGE_SIZE);
    expect(names(first)[0]).toBe("Pessoa 000");
    const second = await get(token, "/contacts?pageNumber=2");
    expect(second).toMatchObject({ count: total, hasMore: false });
    expect(names(second)).toEqual(Array.from({ length: 5 }, (_, i) => `Pessoa ${String(PAGE_SIZE + i).padStart(3, "0")}`));
    expect(JSON.stringify([first, second])).not.toContain("de fora");
  });
});

describe("GET /contacts/list", () => {
  it("answers id, name, number and e-mail, searched and capped", async () => {
    const { company, token } = await agentOf();
    await database.db.insert(contacts).values(
      Array.from({ length: CONTACT_OPTIONS_LIMIT + 3 }, (_, i) => ({
        companyId: company.id,
        name: `Opção ${String(i).padStart(3, "0")}`,
        number: `55119${String(20000000 + i)}`,
        canonicalNumber: `55119${String(20000000 + i)}`,
      })),
    );
    const all = await get(token, "/contacts/list");
    expect(all).toHaveLength(CONTACT_OPTIONS_LIMIT);
    expect(Object.keys(all[0]).sort()).toEqual(["email", "id", "name", "number"]);
    const found = await get(token, "/contacts/list?searchParam=op%C3%A7%C3%A3o%20007");
    expect(found).toEqual([expect.objectContaining({ name: "Opção 007", number: "5511920000007" })]);
  });
});

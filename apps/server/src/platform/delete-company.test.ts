import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import type { PlatformCompanyDetail } from "@atendo/shared";
import type { Database } from "../db/client.js";
import { companies, contacts, messages, queues, settings, tickets, whatsapps } from "../db/schema.js";
import { bearer, createCompany, createTestApp, createTestDatabase, createUser, login, type TestApp } from "../test/helpers.js";
import { tenantFixtures } from "../test/tenant-fixtures.js";
import type { TenantResource } from "../http/types.js";
import { signedIn, superAdmin, unique } from "./test-support.js";

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

/** Rows per table with a company_id column: every tenant table, including ones added after this test. */
async function tenantRows(companyId: number): Promise<Record<string, number>> {
  const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
  const tables = rowsOf<{ table_name: string }>(
    await database.db.execute(
      sql`select table_name from information_schema.columns where column_name = 'company_id' and table_schema = current_schema() order by table_name`,
    ),
  );
  const counts: Record<string, number> = {};
  for (const { table_name } of tables) {
    const [row] = rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from ${sql.identifier(table_name)} where company_id = ${companyId}`));
    counts[table_name] = row!.n;
  }
  return counts;
}

/** A company with one row of every tenant resource, a setting, a stored file and a signed-in admin. */
async function fullCompany() {
  const company = await createCompany(database.db);
  for (const make of Object.values(tenantFixtures) as ((typeof tenantFixtures)[TenantResource])[]) await make(database.db, company.id);
  await database.db.insert(settings).values({ companyId: company.id, key: "userRating", value: "enabled" });
  const file = await app.deps.storage.save(company.id, "messages", "foto.png", Buffer.from("png"));
  const admin = await createUser(database.db, company.id, { profile: "admin" });
  const session = await login(app, admin.email, admin.password);
  return { company, file, session };
}

describe("DELETE /companies/{id}", () => {
  it("GET /companies/{id} names what a delete will remove", async () => {
    const { headers } = await superAdmin(app, database.db);
    const company = await createCompany(database.db);
    const db = database.db;
    await createUser(db, company.id);
    await createUser(db, company.id);
    await db.insert(whatsapps).values({ companyId: company.id, name: "Principal", provider: "simulator", isDefault: true });
    await db.insert(queues).values([
      { companyId: company.id, name: "Vendas", color: "#111111" },
      { companyId: company.id, name: "Suporte", color: "#222222" },
    ]);
    const people = await db
      .insert(contacts)
      .values(["5511900000001", "5511900000002", "5511900000003"].map((number) => ({ companyId: company.id, name: number, number, canonicalNumber: number })))
      .returning();
    const [ticket] = await db.insert(tickets).values({ companyId: company.id, contactId: people[0]!.id, status: "open" }).returning();
    await db.insert(messages).values(
      ["a", "b"].map((providerId) => ({ companyId: company.id, ticketId: ticket!.id, chatContactId: people[0]!.id, body: providerId, providerId })),
    );
    const res = await app.inject({ method: "GET", url: `/companies/${company.id}`, headers });
    expect(res.statusCode).toBe(200);
    const detail = res.json<PlatformCompanyDetail>();
    expect(detail).toMatchObject({ id: company.id, name: company.name, planId: company.planId });
    expect(detail.contents).toEqual({ users: 2, connections: 1, queues: 2, contacts: 3, tickets: 1, messages: 2 });
    expect((await app.inject({ method: "GET", url: "/companies/2000000000", headers })).json()).toEqual({ error: "ERR_NO_COMPANY_FOUND" });
  });

  it("removes the company with everything it owns, ends its sessions and files, and leaves other companies alone", async () => {
    const { headers } = await superAdmin(app, database.db);
    const { company, file, session } = await fullCompany();
    const bystander = await fullCompany();
    const bystanderRows = await tenantRows(bystander.company.id);
    const before = await tenantRows(company.id);
    expect(Object.values(before).some((n) => n > 0)).toBe(true);

    const res = await app.inject({ method: "DELETE", url: `/companies/${company.id}`, headers });
    expect(res.statusCode).toBe(204);
    expect(await database.db.select().from(companies).where(eq(companies.id, company.id))).toEqual([]);
    const after = await tenantRows(company.id);
    expect(Object.entries(after).filter(([, n]) => n > 0)).toEqual([]);
    expect(await app.deps.storage.exists(file.path)).toBe(false);
    const me = await app.inject({ method: "GET", url: "/auth/me", headers: bearer(session.token) });
    expect(me.statusCode).toBe(401);

    expect(await tenantRows(bystander.company.id)).toEqual(bystanderRows);
    expect(await app.deps.storage.exists(bystander.file.path)).toBe(true);
    expect((await app.inject({ method: "GET", url: "/auth/me", headers: bearer(bystander.session.token) })).statusCode).toBe(200);
    expect((await app.inject({ method: "DELETE", url: `/companies/${company.id}`, headers })).json()).toEqual({ error: "ERR_NO_COMPANY_FOUND" });
  });

  it("never deletes the platform's company nor the caller's own", async () => {
    const { headers, company: own } = await superAdmin(app, database.db);
    const platform = await createCompany(database.db, { isPlatform: true, name: `Plataforma ${unique()}` });
    for (const id of [platform.id, own.id]) {
      const res = await app.inject({ method: "DELETE", url: `/companies/${id}`, headers });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: "ERR_PLATFORM_COMPANY_LOCKED" });
      expect(await database.db.select({ id: companies.id }).from(companies).where(eq(companies.id, id))).toHaveLength(1);
    }
  });

  it("is for super users only", async () => {
    const { headers } = await signedIn(app, database.db, { profile: "admin" });
    const target = await createCompany(database.db);
    const res = await app.inject({ method: "DELETE", url: `/companies/${target.id}`, headers });
    expect(res.statusCode).toBe(403);
    expect(await database.db.select({ id: companies.id }).from(companies).where(eq(companies.id, target.id))).toHaveLength(1);
  });
});

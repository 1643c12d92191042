import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { count } from "drizzle-orm";
import type { Database } from "../db/client.js";
import { queues, users, whatsapps } from "../db/schema.js";
import { inCompany } from "../db/tenant.js";
import { createTestApp, createTestDatabase, type TestApp } from "../test/helpers.js";
import { signedIn, unique } from "./test-support.js";

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

/** How each limited resource is created through the API, and counted. */
const RESOURCES = {
  users: {
    url: "/users",
    body: () => ({ name: "Agente", email: `agente-${unique()}@limite.test`, password: "12345" }),
    table: users,
  },
  connections: { url: "/whatsapp", body: () => ({ name: `Conexão ${unique()}` }), table: whatsapps },
  queues: { url: "/queue", body: () => ({ name: `Fila ${unique()}`, color: `#${Math.floor(Math.random() * 0xffffff).toString(16).padStart(6, "0")}` }), table: queues },
} as const;

describe.each(Object.keys(RESOURCES) as (keyof typeof RESOURCES)[])("the plan's %s limit", (resource) => {
  const { url, body, table } = RESOURCES[resource];
  // The signed-in admin is one of the plan's users already.
  const startsWith = resource === "users" ? 1 : 0;

  it("refuses the one past the limit with ERR_PLAN_LIMIT_REACHED naming the limit and the resource", async () => {
    const { headers } = await signedIn(app, database.db, { plan: { [resource]: startsWith + 1 } });
    expect((await app.inject({ method: "POST", url, headers, payload: body() })).statusCode).toBe(201);
    const refused = await app.inject({ method: "POST", url, headers, payload: body() });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: "ERR_PLAN_LIMIT_REACHED", details: { resource, limit: startsWith + 1 } });
  });

  it("lets only one of two simultaneous requests take the last place", async () => {
    const { company, headers } = await signedIn(app, database.db, { plan: { [resource]: startsWith + 1 } });
    const answers = await Promise.all([0, 1].map(() => app.inject({ method: "POST", url, headers, payload: body() })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 403]);
    const [row] = await database.db.select({ n: count() }).from(table).where(inCompany(table, company.id));
    expect(row?.n).toBe(startsWith + 1);
  });

  it("does not limit a company whose plan allows more", async () => {
    const { headers } = await signedIn(app, database.db, { plan: { [resource]: startsWith + 3 } });
    for (let i = 0; i < 3; i++) expect((await app.inject({ method: "POST", url, headers, payload: body() })).statusCode).toBe(201);
  });
});

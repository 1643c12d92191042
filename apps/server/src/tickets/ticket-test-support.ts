import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { contacts, queues, tickets, userQueues, whatsapps } from "../db/schema.js";
import { bearer, createCompany, createUser, login, type TestApp } from "../test/helpers.js";

const unique = () => randomBytes(4).toString("hex");

/**
 * Tests only: a company with a default connection (not connected: numbers go unchecked), two queues, an admin, an
 * agent in queue A, an agent in queue B and an agent with allTicket in queue A; all signed in.
 */
export async function ticketsCompany(app: TestApp, db: Db) {
  const company = await createCompany(db);
  const [connection] = await db
    .insert(whatsapps)
    .values({ companyId: company.id, name: `Conexão ${unique()}`, provider: "simulator", isDefault: true, status: "DISCONNECTED" })
    .returning();
  const [queueA, queueB] = await db
    .insert(queues)
    .values([
      { companyId: company.id, name: "Vendas", color: "#111111" },
      { companyId: company.id, name: "Suporte", color: "#222222" },
    ])
    .returning();
  const admin = await createUser(db, company.id, { profile: "admin", name: "Ana Admin" });
  const agentA = await createUser(db, company.id, { name: "Alice Vendas" });
  const agentB = await createUser(db, company.id, { name: "Beto Suporte" });
  const agentAll = await createUser(db, company.id, { name: "Caio Geral", allTicket: "enabled" });
  await db.insert(userQueues).values([
    { companyId: company.id, userId: agentA.id, queueId: queueA!.id },
    { companyId: company.id, userId: agentB.id, queueId: queueB!.id },
    { companyId: company.id, userId: agentAll.id, queueId: queueA!.id },
  ]);
  const tokenOf = async (u: { email: string; password: string }) => (await login(app, u.email, u.password)).token;
  const [adminToken, aToken, bToken, allToken] = await Promise.all([tokenOf(admin), tokenOf(agentA), tokenOf(agentB), tokenOf(agentAll)]);
  return {
    company,
    connection: connection!,
    queueA: queueA!,
    queueB: queueB!,
    admin,
    agentA,
    agentB,
    agentAll,
    adminToken: adminToken!,
    aToken: aToken!,
    bToken: bToken!,
    allToken: allToken!,
    asAdmin: bearer(adminToken!),
    asA: bearer(aToken!),
    asB: bearer(bToken!),
    asAll: bearer(allToken!),
  };
}

let numberSeq = 0;

export async function makeContact(db: Db, companyId: number, overrides: Partial<typeof contacts.$inferInsert> = {}) {
  numberSeq += 1;
  // Unique within a test file (the sequence), and unlikely to repeat across files sharing one database.
  const number = `5511${String(numberSeq % 100_000).padStart(5, "0")}${String(Math.floor(Math.random() * 10_000)).padStart(4, "0")}`;
  const [row] = await db
    .insert(contacts)
    .values({ companyId, name: `Cliente ${unique()}`, number, canonicalNumber: `${number}-${unique()}`, ...overrides })
    .returning();
  return row!;
}

export async function makeTicket(db: Db, values: typeof tickets.$inferInsert) {
  const [row] = await db.insert(tickets).values(values).returning();
  return row!;
}

export async function ticketRow(db: Db, id: number) {
  const [row] = await db.select().from(tickets).where(eq(tickets.id, id));
  return row;
}

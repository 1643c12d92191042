import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { Database } from "../db/client.js";
import { queues, sessions, userQueues, users } from "../db/schema.js";
import { createCompany, createTestDatabase, createUser } from "../test/helpers.js";
import { createAccessTokenSigner } from "./access-token.js";
import { resolveSocketSession } from "./resolve-socket-session.js";

let database: Database;
const signer = createAccessTokenSigner("socket-session-test-secret-0123456789", 600);

/** Counts the statements sent to the driver while `work` runs (nothing else uses this database meanwhile). */
async function queriesOf<T>(work: () => Promise<T>): Promise<{ result: T; queries: number }> {
  let queries = 0;
  const target = (database.kind === "postgres" ? database.pool! : database.pglite!) as unknown as Record<string, (...a: unknown[]) => unknown>;
  const original = target.query!;
  target.query = function (this: unknown, ...args: unknown[]) {
    queries++;
    return original.apply(this, args);
  };
  try {
    return { result: await work(), queries };
  } finally {
    target.query = original;
  }
}

async function sessionOf(companyOverrides: Parameters<typeof createCompany>[1] = {}, userOverrides: Parameters<typeof createUser>[2] = {}) {
  const company = await createCompany(database.db, companyOverrides);
  const user = await createUser(database.db, company.id, userOverrides);
  const sessionId = randomUUID();
  await database.db.insert(sessions).values({ id: sessionId, userId: user.id, companyId: company.id });
  const { token } = await signer.sign({ userId: user.id, companyId: company.id, sessionId });
  return { company, user, sessionId, token };
}

const onlineOf = async (userId: number) => (await database.db.select({ online: users.online }).from(users).where(eq(users.id, userId)))[0]!.online;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe("resolveSocketSession", () => {
  it("answers session, rooms and the online flag in one query, and tells only the first time the user came online", async () => {
    const { company, user, sessionId, token } = await sessionOf({}, { allTicket: "enabled" });
    const queueRows = await database.db
      .insert(queues)
      .values([2, 1].map((i) => ({ companyId: company.id, name: `Fila ${i}`, color: `#00000${i}` })))
      .returning();
    await database.db.insert(userQueues).values(queueRows.map((q) => ({ companyId: company.id, userId: user.id, queueId: q.id })));

    const first = await queriesOf(() => resolveSocketSession(database.db, signer, token));
    expect(first.queries).toBe(1);
    expect(first.result.auth).toMatchObject({ userId: user.id, companyId: company.id, sessionId, profile: "user", super: false });
    expect(first.result.auth.plan).toMatchObject({ useCampaigns: true });
    expect(first.result.queueIds).toEqual(queueRows.map((q) => q.id).sort((a, b) => a - b));
    expect(first.result.allTicket).toBe(true);
    expect(first.result.cameOnline).toMatchObject({ id: user.id, online: true });
    expect(await onlineOf(user.id)).toBe(true);

    const again = await queriesOf(() => resolveSocketSession(database.db, signer, token));
    expect(again.queries).toBe(1);
    expect(again.result.cameOnline).toBeNull();
  });

  it("refuses a revoked session, a deleted user and claims of another user, without marking anyone online", async () => {
    const revoked = await sessionOf();
    await database.db.update(sessions).set({ revokedAt: new Date(), revokedReason: "logout" }).where(eq(sessions.id, revoked.sessionId));
    await expect(resolveSocketSession(database.db, signer, revoked.token)).rejects.toMatchObject({ code: "ERR_SESSION_EXPIRED" });
    expect(await onlineOf(revoked.user.id)).toBe(false);

    const other = await sessionOf();
    const forged = await signer.sign({ userId: other.user.id, companyId: other.company.id, sessionId: revoked.sessionId });
    await expect(resolveSocketSession(database.db, signer, forged.token)).rejects.toMatchObject({ code: "ERR_SESSION_EXPIRED" });
    expect(await onlineOf(other.user.id)).toBe(false);

    const deleted = await sessionOf();
    await database.db.delete(users).where(eq(users.id, deleted.user.id));
    await expect(resolveSocketSession(database.db, signer, deleted.token)).rejects.toMatchObject({ code: "ERR_SESSION_EXPIRED" });
  });

  it("refuses a blocked company's user and takes the online flag back", async () => {
    const blocked = await sessionOf({ status: false });
    await expect(resolveSocketSession(database.db, signer, blocked.token)).rejects.toMatchObject({ code: "ERR_COMPANY_INACTIVE" });
    expect(await onlineOf(blocked.user.id)).toBe(false);
  });

  it("gives an expired company's admin a billing-only session", async () => {
    const expired = await sessionOf({ dueDate: "2020-01-01" }, { profile: "admin" });
    const { auth } = await resolveSocketSession(database.db, signer, expired.token);
    expect(auth.billingOnly).toEqual({ dueDate: "2020-01-01" });
  });
});

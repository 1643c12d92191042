import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asc, eq } from "drizzle-orm";
import type { Database } from "../db/client.js";
import { contactListItems, contactLists, whatsapps } from "../db/schema.js";
import { createCompany, createTestDatabase } from "../test/helpers.js";
import type { AppDeps } from "../app-deps.js";
import { checkListNumbers } from "./check-list-numbers.js";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const context = { jobId: "j", retryCount: 0, lastAttempt: false, signal: new AbortController().signal };

async function listWith(numbers: string[], connection?: "CONNECTED" | "DISCONNECTED") {
  const company = await createCompany(database.db);
  const [list] = await database.db.insert(contactLists).values({ companyId: company.id, name: "Lista" }).returning();
  await database.db.insert(contactListItems).values(numbers.map((number) => ({ companyId: company.id, contactListId: list!.id, name: number, number })));
  if (connection) await database.db.insert(whatsapps).values({ companyId: company.id, name: "Conexão", provider: "simulator", status: connection, isDefault: true });
  return { companyId: company.id, contactListId: list!.id };
}

const flags = async (contactListId: number) =>
  (await database.db.select().from(contactListItems).where(eq(contactListItems.contactListId, contactListId)).orderBy(asc(contactListItems.number))).map((i) => [i.number, i.isWhatsappValid]);

function deps(answer: (number: string) => Promise<{ exists: boolean }>) {
  const asked: string[] = [];
  const events: unknown[] = [];
  return {
    asked,
    events,
    deps: {
      db: database.db,
      sessions: { call: async (_id: number, _method: string, number: string) => (asked.push(number), answer(number)) },
      realtime: { toCompany: (_c: number, _e: string, payload: unknown) => void events.push(payload) },
    } as unknown as Pick<AppDeps, "db" | "sessions" | "realtime">,
  };
}

describe("checkListNumbers", () => {
  it("leaves every flag unchecked (null) without a connected connection: nobody is marked invalid unasked", async () => {
    const job = await listWith(["5511987650001"], "DISCONNECTED");
    const run = deps(async () => ({ exists: false }));
    expect(await checkListNumbers(run.deps, job, context)).toEqual({ checked: 0 });
    expect(run.asked).toEqual([]);
    expect(await flags(job.contactListId)).toEqual([["5511987650001", null]]);
  });

  it("stores each answer and tells the company; a failing provider leaves the rest unchecked", async () => {
    const job = await listWith(["5511987650001", "5511987650002", "5511987650003", "5511987650004", "5511987650005", "5511987650006"], "CONNECTED");
    const run = deps(async (number) => {
      if (number === "5511987650001") return { exists: true };
      if (number === "5511987650002") return { exists: false };
      throw new Error("connection lost");
    });
    expect(await checkListNumbers(run.deps, job, context)).toEqual({ checked: 2 });
    // Three failures in a row: the connection stopped answering, the sixth is not asked.
    expect(run.asked).toHaveLength(5);
    expect(await flags(job.contactListId)).toEqual([
      ["5511987650001", true],
      ["5511987650002", false],
      ["5511987650003", null],
      ["5511987650004", null],
      ["5511987650005", null],
      ["5511987650006", null],
    ]);
    expect(run.events).toEqual([
      { action: "update", record: expect.objectContaining({ number: "5511987650001", isWhatsappValid: true }) },
      { action: "update", record: expect.objectContaining({ number: "5511987650002", isWhatsappValid: false }) },
    ]);
  });

  it("checks only the items named, when told", async () => {
    const job = await listWith(["5511987650001", "5511987650002"], "CONNECTED");
    const items = await database.db.select().from(contactListItems).where(eq(contactListItems.contactListId, job.contactListId));
    const second = items.find((i) => i.number === "5511987650002");
    const run = deps(async () => ({ exists: true }));
    await checkListNumbers(run.deps, { ...job, itemIds: [second!.id] }, context);
    expect(run.asked).toEqual(["5511987650002"]);
  });
});

import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { asc, eq } from "drizzle-orm";
import { companyEvent, type AppMessageEventPayload } from "@atendo/shared";
import type { Database } from "../db/client.js";
import { messages, tickets } from "../db/schema.js";
import { createCompany, createTestApp, createTestDatabase, type TestApp } from "../test/helpers.js";
import { chatKeysOf, createPerChatQueue } from "../whatsapp/sessions/per-chat-queue.js";
import type { ProviderEvent } from "../whatsapp/provider.js";
import { createInboundHandler } from "./create-inbound-handler.js";
import { brazilianMobile, createConnection, customerText } from "./test-support.js";

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

async function setup() {
  const company = await createCompany(database.db);
  const connection = await createConnection(database.db, company.id);
  return { company, ref: { companyId: company.id, whatsappId: connection.id } };
}

/** The handler the sessions use, over the app's dependencies with `transaction` counted. */
function countedHandler(flow = app.deps.flow) {
  const db = Object.create(app.deps.db) as typeof app.deps.db;
  let transactions = 0;
  db.transaction = ((fn: never, config?: never) => {
    transactions++;
    return app.deps.db.transaction(fn, config);
  }) as typeof db.transaction;
  const handler = createInboundHandler({ ...app.deps, db, flow }, app.log);
  return { handler, transactions: () => transactions };
}

describe("group commit", () => {
  it("writes a burst of messages from many chats in a few transactions, each chat in its order, events once each", async () => {
    const { company, ref } = await setup();
    const { handler, transactions } = countedHandler();
    const chats = createPerChatQueue();
    const numbers = Array.from({ length: 30 }, () => brazilianMobile());
    const events = numbers.flatMap((number) => [1, 2, 3].map((n) => customerText({ number }, `${number} #${n}`)));
    const created: number[] = [];
    const toRooms = vi.spyOn(app.deps.realtime, "toRooms").mockImplementation((_rooms, event, payload) => {
      if (event === companyEvent.appMessage(company.id) && (payload as AppMessageEventPayload).action === "create") created.push((payload as AppMessageEventPayload & { action: "create" }).message.id);
    });
    try {
      await Promise.all(events.map((event) => chats.run(chatKeysOf(event as ProviderEvent), () => handler(ref, event))));
    } finally {
      toRooms.mockRestore();
    }
    // 90 messages; without batching 90 transactions.
    expect(transactions()).toBeLessThan(30);
    const rows = await database.db.select().from(messages).where(eq(messages.companyId, company.id)).orderBy(asc(messages.id));
    expect(rows).toHaveLength(90);
    for (const number of numbers) {
      expect(rows.filter((r) => r.body.startsWith(number)).map((r) => r.body)).toEqual([1, 2, 3].map((n) => `${number} #${n}`));
    }
    expect(await database.db.select().from(tickets).where(eq(tickets.companyId, company.id))).toHaveLength(30);
    expect(created.sort((a, b) => a - b)).toEqual(rows.map((r) => r.id));
  });

  it("a message that fails does not lose the others of its batch; the failed batch emits nothing", async () => {
    const { company, ref } = await setup();
    const flow = {
      ...app.deps.flow,
      afterCustomerMessage: async (...args: Parameters<typeof app.deps.flow.afterCustomerMessage>) => {
        if (args[2].written?.message.body === "boom") throw new Error("the bot broke");
        return app.deps.flow.afterCustomerMessage(...args);
      },
    };
    const { handler, transactions } = countedHandler(flow);
    const created: number[] = [];
    const toRooms = vi.spyOn(app.deps.realtime, "toRooms").mockImplementation((_rooms, event, payload) => {
      if (event === companyEvent.appMessage(company.id) && (payload as AppMessageEventPayload).action === "create") created.push((payload as AppMessageEventPayload & { action: "create" }).message.id);
    });
    const bodies = ["a", "b", "boom", "c", "d"];
    let outcomes: PromiseSettledResult<void>[];
    try {
      outcomes = await Promise.allSettled(bodies.map((body) => handler(ref, customerText({ number: brazilianMobile() }, body))));
    } finally {
      toRooms.mockRestore();
    }
    expect(outcomes.map((o) => o.status)).toEqual(["fulfilled", "fulfilled", "rejected", "fulfilled", "fulfilled"]);
    // One batch, rolled back, then each message on its own.
    expect(transactions()).toBe(1 + bodies.length);
    const rows = await database.db.select().from(messages).where(eq(messages.companyId, company.id)).orderBy(asc(messages.id));
    expect(rows.map((r) => r.body)).toEqual(["a", "b", "c", "d"]);
    expect(created.sort((a, b) => a - b)).toEqual(rows.map((r) => r.id));
  });

  it("a redelivery inside a batch is stored once, and the batch's other messages are kept", async () => {
    const { company, ref } = await setup();
    const { handler } = countedHandler();
    const number = brazilianMobile();
    const first = customerText({ number }, "first");
    await handler(ref, first);
    const others = Array.from({ length: 4 }, () => customerText({ number: brazilianMobile() }, "other"));
    await Promise.all([handler(ref, first), ...others.map((event) => handler(ref, event))]);
    const rows = await database.db.select().from(messages).where(eq(messages.companyId, company.id));
    expect(rows.filter((r) => r.body === "first")).toHaveLength(1);
    expect(rows.filter((r) => r.body === "other")).toHaveLength(4);
    const [ticket] = await database.db.select().from(tickets).where(eq(tickets.contactId, rows.find((r) => r.body === "first")!.chatContactId));
    expect(ticket!.unreadMessages).toBe(1);
  });
});

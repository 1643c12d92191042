import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { asc, eq } from "drizzle-orm";
import { companyEvent, type AppMessageEventPayload } from "@atendo/shared";
import type { Database } from "../db/client.js";
import { contacts, messages, tickets } from "../db/schema.js";
import { createCompany, createTestApp, createTestDatabase, type TestApp } from "../test/helpers.js";
import { ingestMessage, type IngestDeps, type MessageEvent } from "./ingest-message.js";
import { ingestMessages } from "./ingest-messages.js";
import { brazilianMobile, contentMessage, createConnection, customerText, ingestDepsOf, providerId } from "./test-support.js";

let database: Database;
let app: TestApp;
let deps: IngestDeps;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp(database);
  deps = ingestDepsOf(app);
});
afterAll(async () => {
  await app.close();
  await database.close();
});

/** The batch path's rows and events must be those of the single-message path, whatever the kind of message. */
describe("ingestMessages (set-based group commit)", () => {
  it("stores a mixed batch as the single path would, emits each message once in arrival order", async () => {
    const company = await createCompany(database.db);
    const connection = await createConnection(database.db, company.id);
    const ref = { companyId: company.id, whatsappId: connection.id };

    // Known chats: one with a ticket (plain text), one whose first message the batch quotes and redelivers.
    const known = brazilianMobile();
    await ingestMessage(deps, ref, customerText({ number: known, pushName: "Known" }, "before"));
    const quotedChat = brazilianMobile();
    const quotedFirst = customerText({ number: quotedChat, pushName: "Quoter" }, "quote me");
    await ingestMessage(deps, ref, quotedFirst);

    const twice = brazilianMobile();
    const own = brazilianMobile();
    const lid = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
    const odd = `O'Brien "x" \\ {a,b} é 🎉\nnova linha`;
    const batch: MessageEvent[] = [
      customerText({ number: known, pushName: "Known" }, odd),
      contentMessage({ number: brazilianMobile(), pushName: "Img" }, { type: "image", caption: "foto", mimetype: "image/jpeg", media: { kind: "simulator", id: "m1" } as never }),
      contentMessage({ number: brazilianMobile() }, { type: "location", latitude: -23.5, longitude: -46.6, name: "Praça" }),
      { type: "message", origin: "own", message: { id: providerId(), chat: { kind: "user", number: own }, fromMe: true, timestamp: new Date(), content: { type: "text", body: "do celular" } } },
      customerText({ lid, pushName: "Só LID" }, "lid"),
      customerText({ number: twice }, "um"),
      customerText({ number: twice }, "dois"),
      customerText({ number: quotedChat, pushName: "Quoter" }, "respondendo", { quotedId: quotedFirst.message.id }),
      quotedFirst,
    ];
    const created: AppMessageEventPayload[] = [];
    const toRooms = vi.spyOn(app.deps.realtime, "toRooms").mockImplementation((_rooms, event, payload) => {
      if (event === companyEvent.appMessage(company.id) && (payload as AppMessageEventPayload).action === "create") created.push(payload as AppMessageEventPayload);
    });
    let results: Awaited<ReturnType<typeof ingestMessages>>;
    try {
      results = await ingestMessages(deps, batch.map((event) => ({ connection: ref, event })));
    } finally {
      toRooms.mockRestore();
    }

    expect(results!.map((r) => (r.stored ? "stored" : r.reason))).toEqual(["stored", "stored", "stored", "stored", "stored", "stored", "stored", "stored", "duplicate"]);
    const rows = await database.db.select().from(messages).where(eq(messages.companyId, company.id)).orderBy(asc(messages.id));
    const byProvider = new Map(rows.map((r) => [r.providerId, r]));
    const rowOf = (i: number) => byProvider.get(batch[i]!.message.id)!;

    expect(rowOf(0)).toMatchObject({ body: odd, read: false, sendStatus: "received", fromMe: false });
    expect(rowOf(1)).toMatchObject({ body: "foto", mediaType: "image", mediaStatus: "pending", mimetype: "image/jpeg" });
    expect(rowOf(1).data).toMatchObject({ mediaRef: { kind: "simulator", id: "m1" } });
    expect(rowOf(2)).toMatchObject({ mediaType: "locationMessage", body: "Praça", data: { latitude: -23.5, longitude: -46.6, name: "Praça", address: null } });
    expect(rowOf(3)).toMatchObject({ fromMe: true, read: true, ack: 1, sendStatus: "sent", contactId: null });
    expect(rowOf(6).id).toBeGreaterThan(rowOf(5).id);
    const quotedRow = byProvider.get(quotedFirst.message.id)!;
    expect(rowOf(7)).toMatchObject({ quotedMsgId: quotedRow.id, quotedProviderId: null });
    expect(rows.filter((r) => r.providerId === quotedFirst.message.id)).toHaveLength(1);
    for (const i of [0, 1, 2, 3, 4, 5, 6, 7]) expect(rowOf(i).createdAt.getTime()).toBe(batch[i]!.message.timestamp.getTime());

    const ticketRows = await database.db.select().from(tickets).where(eq(tickets.companyId, company.id));
    const ticketOf = (i: number) => ticketRows.find((t) => t.id === rowOf(i).ticketId)!;
    expect(ticketOf(0)).toMatchObject({ unreadMessages: 2, lastMessage: odd, status: "pending" });
    expect(ticketOf(1)).toMatchObject({ unreadMessages: 1, lastMessage: "foto" });
    expect(ticketOf(2)).toMatchObject({ unreadMessages: 1, lastMessage: "Praça" });
    expect(ticketOf(3)).toMatchObject({ unreadMessages: 0, lastMessage: "do celular", lastCustomerMessageAt: null, status: "pending" });
    expect(ticketOf(5)).toMatchObject({ unreadMessages: 2, lastMessage: "dois" });
    expect(ticketOf(7)).toMatchObject({ unreadMessages: 2, lastMessage: "respondendo" });
    expect(ticketOf(5).id).toBe(ticketOf(6).id);
    // One ticket per chat: known, quoted, image, location, own, LID, twice.
    expect(ticketRows).toHaveLength(7);

    const lidContact = (await database.db.select().from(contacts).where(eq(contacts.lid, lid)))[0]!;
    expect(lidContact).toMatchObject({ name: "Só LID", canonicalNumber: null, number: "" });

    // Every stored message once, in arrival order, with its ticket as committed.
    expect(created.map((p) => (p.action === "create" ? p.message.id : 0))).toEqual([0, 1, 2, 3, 4, 5, 6, 7].map((i) => rowOf(i).id));
    const first = created[0]! as AppMessageEventPayload & { action: "create" };
    expect(first.message).toMatchObject({ body: odd, contact: { name: "Known" } });
    expect(first.ticket).toMatchObject({ id: ticketOf(0).id, unreadMessages: 2 });
  });

  it("a contact whose message changes it (a push name over the number) and a redelivery of a closed ticket's message", async () => {
    const company = await createCompany(database.db);
    const connection = await createConnection(database.db, company.id);
    const ref = { companyId: company.id, whatsappId: connection.id };
    const number = brazilianMobile();
    const old = customerText({ number }, "antiga");
    await ingestMessage(deps, ref, old);
    await database.db.update(tickets).set({ status: "closed" }).where(eq(tickets.companyId, company.id));
    const other = brazilianMobile();
    await ingestMessage(deps, ref, customerText({ number: other }, "sem nome"));

    const results = await ingestMessages(deps, [
      { connection: ref, event: old },
      { connection: ref, event: customerText({ number: other, pushName: "Agora Com Nome" }, "com nome") },
    ]);
    expect(results.map((r) => (r.stored ? "stored" : r.reason))).toEqual(["duplicate", "stored"]);
    // The redelivery opened no ticket; the push name replaced the bare number.
    expect(await database.db.select().from(tickets).where(eq(tickets.companyId, company.id))).toHaveLength(2);
    const [named] = await database.db.select().from(contacts).where(eq(contacts.number, other));
    expect(named!.name).toBe("Agora Com Nome");
  });
});

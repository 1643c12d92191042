import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import type { Socket } from "socket.io-client";
import { companyEvent, type AppMessageEventPayload, type PresenceEventPayload, type TicketEventPayload } from "@atendo/shared";
import type { Database } from "../db/client.js";
import { contacts, messages, queues, tickets, userQueues } from "../db/schema.js";
import { createCompany, createTestApp, createTestDatabase, createUser, login, type TestApp } from "../test/helpers.js";
import { connected, connectSocket, eventually, listen } from "../test/socket-client.js";
import type { FlowHooks } from "../tickets/flow/flow-hooks.js";
import { ingestMessage, type IngestDeps } from "./ingest-message.js";
import { applyAck } from "./apply-ack.js";
import { linkIdentity } from "./link-identity.js";
import { applyMessageUpdate } from "./apply-message-update.js";
import { ingestReaction } from "./ingest-reaction.js";
import { relayPresence } from "./relay-presence.js";
import { brazilianMobile, contentMessage, createConnection, customerText, ingestDepsOf, providerId, setGroupSetting } from "./test-support.js";

let database: Database;
let app: TestApp;
let deps: IngestDeps;
let url: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp(database);
  deps = ingestDepsOf(app);
  url = await listen(app);
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await app.close();
  await database.close();
});

async function setup() {
  const company = await createCompany(database.db);
  const connection = await createConnection(database.db, company.id);
  return { company, connection, ref: { companyId: company.id, whatsappId: connection.id } };
}

const ticketsOf = (companyId: number) => database.db.select().from(tickets).where(eq(tickets.companyId, companyId));
const messagesOf = (companyId: number) => database.db.select().from(messages).where(eq(messages.companyId, companyId));
const contactsOf = (companyId: number) => database.db.select().from(contacts).where(eq(contacts.companyId, companyId));

describe("ingestMessage", () => {
  it("stores a first message as a new pending ticket without a queue, with the contact, unread count and last message", async () => {
    const { company, ref } = await setup();
    const number = brazilianMobile();
    const result = await ingestMessage(deps, ref, customerText({ number, pushName: "Maria" }, "Oi!"));
    expect(result).toMatchObject({ stored: true, isNewTicket: true });
    const [ticket] = await ticketsOf(company.id);
    expect(ticket).toMatchObject({ status: "pending", queueId: null, unreadMessages: 1, lastMessage: "Oi!", isGroup: false });
    expect(ticket!.lastCustomerMessageAt).not.toBeNull();
    const [contact] = await contactsOf(company.id);
    expect(contact).toMatchObject({ name: "Maria", number, canonicalNumber: number });
    const [message] = await messagesOf(company.id);
    expect(message).toMatchObject({ body: "Oi!", fromMe: false, mediaType: "chat", sendStatus: "received", contactId: contact!.id, chatContactId: contact!.id });

    const second = await ingestMessage(deps, ref, customerText({ number, pushName: "Maria" }, "Tudo bem?"));
    expect(second).toMatchObject({ stored: true, isNewTicket: false, ticketId: ticket!.id });
    const [after] = await ticketsOf(company.id);
    expect(after).toMatchObject({ unreadMessages: 2, lastMessage: "Tudo bem?" });
  });

  it("stores a redelivered message once: no second row, no unread change, no event, no bot call", async () => {
    const { company, ref } = await setup();
    let botCalls = 0;
    const counting: IngestDeps = { ...deps, flow: { ...deps.flow, afterCustomerMessage: async () => void botCalls++ } as FlowHooks };
    const event = customerText({ number: brazilianMobile() }, "uma vez");
    expect((await ingestMessage(counting, ref, event)).stored).toBe(true);
    const again = await ingestMessage(counting, ref, event);
    expect(again).toEqual({ stored: false, reason: "duplicate" });
    expect(await messagesOf(company.id)).toHaveLength(1);
    const [ticket] = await ticketsOf(company.id);
    expect(ticket!.unreadMessages).toBe(1);
    expect(botCalls).toBe(1);

    // Redelivered after its ticket closed: still nothing, and no new ticket.
    await database.db.update(tickets).set({ status: "closed" }).where(eq(tickets.companyId, company.id));
    expect(await ingestMessage(counting, ref, event)).toEqual({ stored: false, reason: "duplicate" });
    expect(await ticketsOf(company.id)).toHaveLength(1);

    // The same new message delivered twice at once: stored once, one ticket.
    const twin = customerText({ number: brazilianMobile() }, "duas vezes ao mesmo tempo");
    const results = await Promise.all([ingestMessage(counting, ref, twin), ingestMessage(counting, ref, twin)]);
    expect(results.filter((r) => r.stored)).toHaveLength(1);
    expect(await messagesOf(company.id)).toHaveLength(2);
    expect(await ticketsOf(company.id)).toHaveLength(2);
  });

  it("two concurrent first messages of one contact make exactly one ticket (and one contact)", async () => {
    for (let round = 0; round < 3; round++) {
      const { company, ref } = await setup();
      const number = brazilianMobile();
      const results = await Promise.all(
        Array.from({ length: 4 }, (_, i) => ingestMessage(deps, ref, customerText({ number, pushName: "Concorrente" }, `msg ${i}`))),
      );
      expect(results.every((r) => r.stored)).toBe(true);
      expect(results.filter((r) => r.stored && r.isNewTicket)).toHaveLength(1);
      const rows = await ticketsOf(company.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]!.unreadMessages).toBe(4);
      expect(await contactsOf(company.id)).toHaveLength(1);
      expect(await messagesOf(company.id)).toHaveLength(4);
    }
  });

  it("the ninth-digit variants and a LID are one contact and one ticket", async () => {
    const { company, ref } = await setup();
    const withNinth = brazilianMobile();
    const withoutNinth = withNinth.slice(0, 4) + withNinth.slice(5);
    await ingestMessage(deps, ref, customerText({ number: withoutNinth, pushName: "Velho" }, "sem nove"));
    await ingestMessage(deps, ref, customerText({ number: withNinth }, "com nove"));
    await ingestMessage(deps, ref, customerText({ number: withNinth, lid: "777000111" }, "com lid"));
    await ingestMessage(deps, ref, customerText({ lid: "777000111" }, "só lid"));
    const rows = await contactsOf(company.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ canonicalNumber: withNinth, number: withoutNinth, lid: "777000111", name: "Velho" });
    expect(await ticketsOf(company.id)).toHaveLength(1);
    expect(await messagesOf(company.id)).toHaveLength(4);
  });

  it("an identity event merges a LID-only contact into the number's contact, tickets and messages included", async () => {
    const { company, ref } = await setup();
    const number = brazilianMobile();
    await ingestMessage(deps, ref, customerText({ number, pushName: "Número" }, "pelo número"));
    await ingestMessage(deps, ref, customerText({ lid: "888000222", pushName: "Lid" }, "pelo lid"));
    expect(await contactsOf(company.id)).toHaveLength(2);
    expect(await ticketsOf(company.id)).toHaveLength(2);

    expect(await linkIdentity(deps, ref, { type: "identity", lid: "888000222", number })).toBe("merged");
    const rows = await contactsOf(company.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ canonicalNumber: number, lid: "888000222", name: "Número" });
    const all = await ticketsOf(company.id);
    expect(all.filter((t) => t.status !== "closed")).toHaveLength(1);
    const active = all.find((t) => t.status !== "closed")!;
    const msgs = await messagesOf(company.id);
    expect(msgs.every((m) => m.ticketId === active.id && m.chatContactId === rows[0]!.id)).toBe(true);
  });

  it("a push name fills only a name that is still the number", async () => {
    const { company, ref } = await setup();
    const number = brazilianMobile();
    await ingestMessage(deps, ref, customerText({ number }, "sem nome"));
    expect((await contactsOf(company.id))[0]!.name).toBe(number);
    await ingestMessage(deps, ref, customerText({ number, pushName: "Ana" }, "com nome"));
    expect((await contactsOf(company.id))[0]!.name).toBe("Ana");
    await database.db.update(contacts).set({ name: "Ana (cliente VIP)" }).where(eq(contacts.companyId, company.id));
    await ingestMessage(deps, ref, customerText({ number, pushName: "Aninha" }, "outro nome"));
    expect((await contactsOf(company.id))[0]!.name).toBe("Ana (cliente VIP)");
  });

  it("maps media, location, contact cards and calls; keeps the media reference out of the view; quotes and forwards", async () => {
    const { company, ref } = await setup();
    const from = { number: brazilianMobile() };
    const first = customerText(from, "original");
    await ingestMessage(deps, ref, first);
    await ingestMessage(deps, ref, contentMessage(from, { type: "image", mimetype: "image/jpeg", caption: "foto", media: { provider: "simulator", ref: { path: "x" } } }));
    await ingestMessage(deps, ref, contentMessage(from, { type: "document", mimetype: "application/pdf", fileName: "nota.pdf", media: { provider: "simulator", ref: {} } }));
    await ingestMessage(deps, ref, contentMessage(from, { type: "location", latitude: -23.5, longitude: -46.6, name: "Paulista" }));
    await ingestMessage(deps, ref, contentMessage(from, { type: "contact", displayName: "João", vcard: "BEGIN:VCARD" }));
    await ingestMessage(deps, ref, contentMessage(from, { type: "call_log", video: false, missed: true }));
    await ingestMessage(deps, ref, customerText(from, "respondendo", { quotedId: first.message.id, forwarded: true }));
    await ingestMessage(deps, ref, customerText(from, "cita algo que não temos", { quotedId: "unknown-id" }));
    const rows = await database.db.select().from(messages).where(eq(messages.companyId, company.id)).orderBy(messages.id);
    expect(rows.map((r) => r.mediaType)).toEqual(["chat", "image", "application", "locationMessage", "contactMessage", "call_log", "chat", "chat"]);
    expect(rows[1]).toMatchObject({ body: "foto", mediaStatus: "pending", mimetype: "image/jpeg" });
    expect((rows[1]!.data as { mediaRef?: unknown }).mediaRef).toEqual({ provider: "simulator", ref: { path: "x" } });
    expect(rows[2]).toMatchObject({ mediaName: "nota.pdf", mediaStatus: "pending" });
    expect(rows[3]!.data).toMatchObject({ latitude: -23.5, longitude: -46.6 });
    expect(rows[4]!.data).toMatchObject({ vcard: "BEGIN:VCARD" });
    expect(rows[5]!.data).toMatchObject({ missed: true });
    expect(rows[6]).toMatchObject({ quotedMsgId: rows[0]!.id, isForwarded: true });
    expect(rows[7]).toMatchObject({ quotedMsgId: null, quotedProviderId: "unknown-id" });
    const [ticket] = await ticketsOf(company.id);
    expect(ticket!.unreadMessages).toBe(8);

    const res = await app.inject({ method: "GET", url: `/messages/${ticket!.id}`, headers: { authorization: `Bearer ${(await adminToken(company.id))}` } });
    expect(res.statusCode).toBe(200);
    const image = (res.json() as { messages: { mediaType: string; data: Record<string, unknown> }[] }).messages.find((m) => m.mediaType === "image");
    expect(image!.data).not.toHaveProperty("mediaRef");
  });

  it("own messages from the phone are fromMe, open a pending ticket when none is active, never unread, never the bot", async () => {
    const { company, ref } = await setup();
    let botCalls = 0;
    const counting: IngestDeps = { ...deps, flow: { ...deps.flow, afterCustomerMessage: async () => void botCalls++ } as FlowHooks };
    const number = brazilianMobile();
    const own = { type: "message" as const, origin: "own" as const, message: { id: providerId(), chat: { kind: "user" as const, number }, fromMe: true, timestamp: new Date(), content: { type: "text" as const, body: "do celular" } } };
    expect(await ingestMessage(counting, ref, own)).toMatchObject({ stored: true, isNewTicket: true });
    const [ticket] = await ticketsOf(company.id);
    expect(ticket).toMatchObject({ status: "pending", unreadMessages: 0, lastMessage: "do celular", lastCustomerMessageAt: null });
    const [message] = await messagesOf(company.id);
    expect(message).toMatchObject({ fromMe: true, read: true, sendStatus: "sent", contactId: null });
    expect(botCalls).toBe(0);

    await ingestMessage(counting, ref, customerText({ number }, "resposta"));
    expect(botCalls).toBe(1);
    expect(await ticketsOf(company.id)).toHaveLength(1);
  });

  it("history messages are stored without unread and without the bot, in a closed ticket when there is none", async () => {
    const { company, ref } = await setup();
    let botCalls = 0;
    const counting: IngestDeps = { ...deps, flow: { ...deps.flow, afterCustomerMessage: async () => void botCalls++ } as FlowHooks };
    const number = brazilianMobile();
    await ingestMessage(counting, ref, customerText({ number }, "antiga", { timestamp: new Date(Date.now() - 86_400_000) }, "history"));
    const [ticket] = await ticketsOf(company.id);
    expect(ticket).toMatchObject({ status: "closed", unreadMessages: 0 });
    expect(botCalls).toBe(0);
  });

  it("groups: ignored with CheckMsgIsGroup enabled (the default); kept as a group ticket with the member as author when disabled", async () => {
    const { company, ref } = await setup();
    const member = { number: brazilianMobile(), pushName: "Membro" };
    const groupMessage = () => ({
      type: "message" as const,
      origin: "live" as const,
      message: { id: providerId(), chat: { kind: "group" as const, id: "120363000000000001" }, from: member, fromMe: false, timestamp: new Date(), content: { type: "text" as const, body: "no grupo" } },
    });
    expect(await ingestMessage(deps, ref, groupMessage())).toEqual({ stored: false, reason: "group-ignored" });
    await setGroupSetting(database.db, company.id, "enabled");
    expect(await ingestMessage(deps, ref, groupMessage())).toEqual({ stored: false, reason: "group-ignored" });
    expect(await ticketsOf(company.id)).toHaveLength(0);

    await setGroupSetting(database.db, company.id, "disabled");
    let botCalls = 0;
    const counting: IngestDeps = { ...deps, flow: { ...deps.flow, afterCustomerMessage: async () => void botCalls++ } as FlowHooks };
    expect((await ingestMessage(counting, ref, groupMessage())).stored).toBe(true);
    const [ticket] = await ticketsOf(company.id);
    expect(ticket).toMatchObject({ isGroup: true, unreadMessages: 1 });
    const rows = await contactsOf(company.id);
    const group = rows.find((c) => c.isGroup)!;
    const author = rows.find((c) => !c.isGroup)!;
    expect(group).toMatchObject({ number: "120363000000000001" });
    expect(author).toMatchObject({ name: "Membro", canonicalNumber: member.number });
    const [message] = await messagesOf(company.id);
    expect(message).toMatchObject({ chatContactId: group.id, contactId: author.id });
    expect(botCalls).toBe(0);
  });
});

describe("acks, edits and reactions", () => {
  it("acks only move forward; failed marks the message failed", async () => {
    const { company, ref } = await setup();
    const number = brazilianMobile();
    const own = { type: "message" as const, origin: "own" as const, message: { id: providerId(), chat: { kind: "user" as const, number }, fromMe: true, timestamp: new Date(), content: { type: "text" as const, body: "enviada" } } };
    await ingestMessage(deps, ref, own);
    const chat = { kind: "user" as const, number };
    const ackOf = async () => (await messagesOf(company.id))[0]!;
    expect(await applyAck(deps, ref, { type: "ack", chat, messageId: own.message.id, ack: 3 })).toBe(true);
    expect((await ackOf()).ack).toBe(3);
    expect(await applyAck(deps, ref, { type: "ack", chat, messageId: own.message.id, ack: 2 })).toBe(false);
    expect((await ackOf()).ack).toBe(3);
    expect(await applyAck(deps, ref, { type: "ack", chat, messageId: own.message.id, ack: 4 })).toBe(true);
    expect((await ackOf()).ack).toBe(4);
    expect(await applyAck(deps, ref, { type: "ack", chat, messageId: "nope", ack: 5 })).toBe(false);
    expect(await applyAck(deps, ref, { type: "ack", chat, messageId: own.message.id, ack: 0, failed: true })).toBe(true);
    expect(await ackOf()).toMatchObject({ sendStatus: "failed", ack: 4 });
  });

  it("edits and revokes change the stored message; reactions are stored once per person", async () => {
    const { company, ref } = await setup();
    const from = { number: brazilianMobile() };
    const chat = { kind: "user" as const, number: from.number };
    const original = customerText(from, "errado");
    await ingestMessage(deps, ref, original);
    await applyMessageUpdate(deps, ref, { type: "message-update", chat, messageId: original.message.id, change: { kind: "edit", body: "certo" } });
    let [row] = await messagesOf(company.id);
    expect(row).toMatchObject({ body: "certo", isEdited: true });
    await applyMessageUpdate(deps, ref, { type: "message-update", chat, messageId: original.message.id, change: { kind: "revoke" } });
    [row] = await messagesOf(company.id);
    expect(row!.isDeleted).toBe(true);

    const reaction = { type: "reaction" as const, chat, messageId: original.message.id, from, fromMe: false, emoji: "👍" };
    expect(await ingestReaction(deps, ref, reaction)).toBe(true);
    expect(await ingestReaction(deps, ref, reaction)).toBe(false);
    expect(await ingestReaction(deps, ref, { ...reaction, emoji: "❤️" })).toBe(true);
    const reactions = (await messagesOf(company.id)).filter((m) => m.mediaType === "reactionMessage");
    expect(reactions).toHaveLength(1);
    expect(reactions[0]).toMatchObject({ body: "❤️", data: { targetId: row!.id } });
    const [ticket] = await ticketsOf(company.id);
    expect(ticket!.unreadMessages).toBe(1);
  });
});

async function adminToken(companyId: number): Promise<string> {
  const admin = await createUser(database.db, companyId, { profile: "admin" });
  return (await login(app, admin.email, admin.password)).token;
}

describe("events", () => {
  it("a new message reaches an admin and an agent of the ticket's queue, not an agent of another queue", async () => {
    const { company, ref } = await setup();
    const [sales, support] = await database.db
      .insert(queues)
      .values([
        { companyId: company.id, name: "Vendas", color: "#111111" },
        { companyId: company.id, name: "Suporte", color: "#222222" },
      ])
      .returning();
    const admin = await createUser(database.db, company.id, { profile: "admin" });
    const salesAgent = await createUser(database.db, company.id);
    const supportAgent = await createUser(database.db, company.id);
    await database.db.insert(userQueues).values([
      { companyId: company.id, userId: salesAgent.id, queueId: sales!.id },
      { companyId: company.id, userId: supportAgent.id, queueId: support!.id },
    ]);
    // The bot stand-in puts every new ticket into Vendas, inside the ingestion transaction.
    const routing: IngestDeps = {
      ...deps,
      flow: {
        ...deps.flow,
        afterCustomerMessage: async (tx, _after, input) => {
          await tx.update(tickets).set({ queueId: sales!.id }).where(and(eq(tickets.id, input.ticketId), eq(tickets.companyId, input.companyId)));
        },
      } as FlowHooks,
    };
    const ears = async (user: { email: string; password: string }) => {
      const socket = connectSocket(url, (await login(app, user.email, user.password)).token);
      sockets.push(socket);
      const got = { messages: [] as AppMessageEventPayload[], tickets: [] as TicketEventPayload[] };
      socket.on(companyEvent.appMessage(company.id), (p: AppMessageEventPayload) => got.messages.push(p));
      socket.on(companyEvent.ticket(company.id), (p: TicketEventPayload) => got.tickets.push(p));
      await connected(socket);
      return got;
    };
    const adminEars = await ears(admin);
    const salesEars = await ears(salesAgent);
    const supportEars = await ears(supportAgent);

    const number = brazilianMobile();
    await ingestMessage(routing, ref, customerText({ number }, "quero comprar"));
    await eventually(async () => adminEars.messages.length === 1 && salesEars.messages.length === 1);
    const created = salesEars.messages[0]!;
    expect(created.action).toBe("create");
    if (created.action === "create") {
      expect(created.message.body).toBe("quero comprar");
      expect(created.ticket.queueId).toBe(sales!.id);
      expect(created.ticket.unreadMessages).toBe(1);
    }
    expect(salesEars.tickets.some((t) => t.action === "update")).toBe(true);
    // Give a stray event time to arrive before asserting it did not.
    await new Promise((r) => setTimeout(r, 200));
    expect(supportEars.messages).toHaveLength(0);
    expect(supportEars.tickets).toHaveLength(0);

    // The next message on that ticket: its event carries the ticket with two unread, and no ticket update goes out
    // besides (lists lift the ticket from the message's event).
    const ticketEvents = salesEars.tickets.length;
    await ingestMessage(routing, ref, customerText({ number }, "ainda está aí?"));
    await eventually(async () => salesEars.messages.length === 2);
    const next = salesEars.messages[1]!;
    expect(next.action === "create" && next.ticket.unreadMessages).toBe(2);
    expect(next.action === "create" && next.ticket.lastMessage).toBe("ainda está aí?");
    await new Promise((r) => setTimeout(r, 200));
    expect(salesEars.tickets).toHaveLength(ticketEvents);

    // Typing: to the same rooms, nothing stored; paused clears it.
    const presences: PresenceEventPayload[] = [];
    const salesSocket = sockets.at(-2)!;
    salesSocket.on(companyEvent.presence(company.id), (p: PresenceEventPayload) => presences.push(p));
    const customer = created.action === "create" ? created.ticket.contact : undefined;
    const chat = { kind: "user" as const, number: customer!.number };
    expect(await relayPresence(routing, ref, { type: "presence", chat, from: { number: customer!.number }, presence: "composing" })).toBe(true);
    expect(await relayPresence(routing, ref, { type: "presence", chat, from: { number: customer!.number }, presence: "paused" })).toBe(true);
    expect(await relayPresence(routing, ref, { type: "presence", chat, from: { number: customer!.number }, presence: "available" })).toBe(false);
    await eventually(async () => presences.length === 2);
    expect(presences.map((p) => p.presence)).toEqual(["composing", null]);
  });
});

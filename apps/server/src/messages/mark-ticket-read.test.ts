import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { companyEvent, type MessagePage } from "@atendo/shared";
import type { Database } from "../db/client.js";
import { messages, tickets } from "../db/schema.js";
import { createTestApp, createTestDatabase, type TestApp } from "../test/helpers.js";
import { eventually } from "../test/socket-client.js";
import { captureEvents, type Emitted } from "../connections/test-support.js";
import { conversationFixture } from "./test-support.js";

let database: Database;
let app: TestApp;
let emitted: Emitted[];
beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp(database);
  emitted = captureEvents(app);
});
afterAll(async () => {
  await app.close();
  await database.close();
});

describe("opening a conversation marks it read", () => {
  it("only for the ticket's agent: messages read, unread zero, updateUnread sent, read receipts to the customer", async () => {
    const { simulator, ticket, asAgent, asAdmin, company } = await conversationFixture(app, database);
    for (const body of ["Oi", "Tem alguém aí?"]) {
      expect((await simulator("POST", "/chats/5511990004444/messages", { type: "text", body })).statusCode).toBe(201);
    }
    await eventually(async () => (await database.db.select().from(tickets).where(eq(tickets.id, ticket.id)))[0]!.unreadMessages === 2, 10_000);
    const open = (headers: Record<string, string>) => app.inject({ method: "GET", url: `/messages/${ticket.id}?pageNumber=1`, headers });

    // The admin looking in changes nothing.
    expect((await open(asAdmin)).json<MessagePage>().ticket.unreadMessages).toBe(2);
    const page = (await open(asAgent)).json<MessagePage>();
    expect(page.ticket.unreadMessages).toBe(0);
    expect((await database.db.select().from(messages).where(eq(messages.ticketId, ticket.id))).every((m) => m.fromMe || m.read)).toBe(true);
    expect(emitted).toContainEqual(expect.objectContaining({ event: companyEvent.ticket(company.id), payload: { action: "updateUnread", ticketId: ticket.id } }));
    // The customer's phone shows their messages as read.
    await eventually(async () => {
      const chat = (await simulator("GET", "/chats/5511990004444/messages")).json<{ direction: string; ack: number }[]>();
      return chat.filter((m) => m.direction === "in").every((m) => m.ack === 4);
    }, 10_000);
  });
});

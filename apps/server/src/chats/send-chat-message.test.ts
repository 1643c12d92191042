import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHAT_MESSAGES_PAGE_SIZE } from "@atendo/shared";
import type { Database } from "../db/client.js";
import { createTestApp, createTestDatabase, type TestApp } from "../test/helpers.js";
import { chatApi, chatCompany } from "./test-support.js";

let database: Database;
let app: TestApp;
let api: ReturnType<typeof chatApi>;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp(database);
  api = chatApi(app);
});
afterAll(async () => {
  await app.close();
  await database.close();
});

async function pair() {
  const { member } = await chatCompany(app, database);
  const [owner, guest] = [await member(), await member()];
  const chat = (await api.create(owner.token, { title: "Dupla", users: [guest.user.id] })).json();
  return { owner, guest, chat, member };
}
const unreadsOf = (chat: { users: { userId: number; unreads: number }[] }, userId: number) => chat.users.find((u) => u.userId === userId)?.unreads;

describe("chat messages", () => {
  it("counts a message as unread for the other members only, and clears the reader's count on read", async () => {
    const { owner, guest, chat } = await pair();
    const sent = await api.send(owner.token, chat.id, "  Bom dia!  ");
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({ chatId: chat.id, message: "Bom dia!", senderId: owner.user.id, sender: { id: owner.user.id, name: owner.user.name } });
    await api.send(owner.token, chat.id, "Tudo bem?");
    const [listed] = (await api.list(guest.token)).json().records;
    expect(listed.lastMessage).toBe("Tudo bem?");
    expect(unreadsOf(listed, guest.user.id)).toBe(2);
    expect(unreadsOf(listed, owner.user.id)).toBe(0);

    const read = await api.read(guest.token, chat.id, guest.user.id);
    expect(read.statusCode).toBe(200);
    expect(unreadsOf(read.json(), guest.user.id)).toBe(0);
    // Reading clears only the caller's count, whatever userId the body names.
    await api.send(guest.token, chat.id, "Sim!");
    await api.read(guest.token, chat.id, owner.user.id);
    const [again] = (await api.list(owner.token)).json().records;
    expect(unreadsOf(again, owner.user.id)).toBe(1);
  });

  it("refuses an empty or whitespace-only message", async () => {
    const { owner, chat } = await pair();
    for (const message of ["", "   ", "\n\t "]) {
      const res = await api.send(owner.token, chat.id, message);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: "ERR_VALIDATION", fields: [{ path: "body.message", message: "validation.required" }] });
    }
    expect((await api.messages(owner.token, chat.id)).json()).toEqual({ records: [], hasMore: false });
  });

  it("pages messages newest page first, each page oldest first", async () => {
    const { owner, guest, chat } = await pair();
    const total = CHAT_MESSAGES_PAGE_SIZE + 5;
    for (let i = 1; i <= total; i++) await api.send(i % 2 ? owner.token : guest.token, chat.id, `m${i}`);
    const first = (await api.messages(guest.token, chat.id, 1)).json();
    expect(first.hasMore).toBe(true);
    expect(first.records).toHaveLength(CHAT_MESSAGES_PAGE_SIZE);
    expect(first.records[0].message).toBe("m6");
    expect(first.records.at(-1).message).toBe(`m${total}`);
    const second = (await api.messages(guest.token, chat.id, 2)).json();
    expect(second).toMatchObject({ hasMore: false });
    expect(second.records.map((m: { message: string }) => m.message)).toEqual(["m1", "m2", "m3", "m4", "m5"]);
  });

  it("lets only members read or post (404 to others of the company and to other companies)", async () => {
    const { owner, chat, member } = await pair();
    await api.send(owner.token, chat.id, "segredo");
    const outsider = await member("admin");
    const other = await chatCompany(app, database);
    const stranger = await other.member("admin");
    for (const who of [outsider, stranger]) {
      for (const res of [await api.messages(who.token, chat.id), await api.send(who.token, chat.id, "oi"), await api.read(who.token, chat.id)]) {
        expect(res.statusCode).toBe(404);
        expect(res.body).not.toContain("segredo");
      }
    }
    expect((await api.messages(owner.token, chat.id)).json().records).toHaveLength(1);
  });
});

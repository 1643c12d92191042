import { afterAll, beforeAll, describe, expect, it } from "vitest";
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

async function chatOfThree() {
  const { member } = await chatCompany(app, database);
  const [owner, a, b] = [await member(), await member(), await member()];
  const chat = (await api.create(owner.token, { title: "Equipe", users: [a.user.id, b.user.id] })).json();
  return { owner, a, b, chat, member };
}
const ids = (chat: { users: { userId: number }[] }) => chat.users.map((u) => u.userId).sort();

describe("PUT /chats/:id", () => {
  it("lets the owner rename it and change its members, keeping the owner in", async () => {
    const { owner, a, b, chat } = await chatOfThree();
    const res = await api.update(owner.token, chat.id, { title: "Equipe B", users: [b.user.id] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: chat.id, uuid: chat.uuid, title: "Equipe B", ownerId: owner.user.id });
    expect(ids(res.json())).toEqual([owner.user.id, b.user.id].sort());
    // The member taken out no longer sees it.
    expect((await api.messages(a.token, chat.id)).statusCode).toBe(404);
  });

  it("refuses members who are not the owner (403) and non-members (404)", async () => {
    const { a, chat, member } = await chatOfThree();
    const denied = await api.update(a.token, chat.id, { title: "Tomada", users: [a.user.id] });
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toEqual({ error: "ERR_NO_PERMISSION" });
    expect((await api.update((await member()).token, chat.id, { title: "x", users: [a.user.id] })).statusCode).toBe(404);
  });
});

describe("DELETE /chats/:id", () => {
  it("lets only the owner delete it, with its messages", async () => {
    const { owner, a, chat } = await chatOfThree();
    await api.send(a.token, chat.id, "até logo");
    const denied = await api.remove(a.token, chat.id);
    expect(denied.statusCode).toBe(403);
    expect((await api.remove(owner.token, chat.id)).statusCode).toBe(204);
    expect((await api.list(a.token)).json().records).toEqual([]);
    expect((await api.messages(owner.token, chat.id)).statusCode).toBe(404);
  });

  it("answers 404 to a user of another company", async () => {
    const { owner, chat } = await chatOfThree();
    const other = await chatCompany(app, database);
    const stranger = await other.member("admin");
    expect((await api.remove(stranger.token, chat.id)).statusCode).toBe(404);
    expect((await api.list(owner.token)).json().records.map((c: { id: number }) => c.id)).toContain(chat.id);
  });
});

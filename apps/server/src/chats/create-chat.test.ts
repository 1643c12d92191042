import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client.js";
import { createTestApp, createTestDatabase, createUser, type TestApp } from "../test/helpers.js";
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

describe("POST /chats", () => {
  it("creates a chat owned by its creator, with the users chosen and the owner as members", async () => {
    const { member } = await chatCompany(app, database);
    const owner = await member();
    const guest = await member();
    const res = await api.create(owner.token, { title: "  Plantão  ", users: [{ id: guest.user.id, name: guest.user.name }] });
    expect(res.statusCode).toBe(201);
    const chat = res.json();
    expect(chat).toMatchObject({ title: "Plantão", ownerId: owner.user.id, lastMessage: "" });
    expect(chat.uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(chat.users.map((u: { userId: number }) => u.userId).sort()).toEqual([owner.user.id, guest.user.id].sort());
    expect(chat.users[0]).toEqual({ userId: expect.any(Number), unreads: 0, user: { id: expect.any(Number), name: expect.any(String) } });
    // Both members list it; nobody else in the company does.
    expect((await api.list(guest.token)).json().records.map((c: { id: number }) => c.id)).toEqual([chat.id]);
    expect((await api.list((await member()).token)).json()).toMatchObject({ records: [], hasMore: false });
  });

  it("requires a title and at least one user", async () => {
    const { member } = await chatCompany(app, database);
    const owner = await member();
    const res = await api.create(owner.token, { title: "   ", users: [] });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual(
      expect.arrayContaining([
        { path: "body.title", message: "validation.required" },
        { path: "body.users", message: "validation.required" },
      ]),
    );
  });

  it("refuses a user of another company as a member", async () => {
    const { member } = await chatCompany(app, database);
    const owner = await member();
    const other = await chatCompany(app, database);
    const stranger = await createUser(database.db, other.company.id);
    const res = await api.create(owner.token, { title: "Mistura", users: [stranger.id] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: "ERR_VALIDATION", fields: [{ path: "body.users", message: "validation.invalid" }] });
  });

  it("answers 403 on every chat call to a company whose plan lacks useInternalChat", async () => {
    const { member } = await chatCompany(app, database, { useInternalChat: false });
    const { token, user } = await member("admin");
    for (const res of [
      await api.list(token),
      await api.create(token, { title: "Sem plano", users: [user.id] }),
      await api.update(token, 1, { title: "x", users: [user.id] }),
      await api.remove(token, 1),
      await api.messages(token, 1),
      await api.send(token, 1, "oi"),
      await api.read(token, 1),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe("ERR_PLAN_FEATURE_DISABLED");
    }
  });
});

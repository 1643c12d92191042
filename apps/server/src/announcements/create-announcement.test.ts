import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AnnouncementView } from "@atendo/shared";
import type { Database } from "../db/client.js";
import { bearer, createTestApp, createTestDatabase, type TestApp } from "../test/helpers.js";
import { announcementActors } from "./test-support.js";

let database: Database;
let app: TestApp;
let actors: Awaited<ReturnType<typeof announcementActors>>;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp(database);
  actors = await announcementActors(app, database);
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const call = (token: string, method: string, url: string, payload?: unknown) =>
  app.inject({ method: method as never, url, headers: bearer(token), payload: payload as never });

describe("announcements management (super users)", () => {
  it("creates with priority 3 and active by default, reads, updates, searches and deletes", async () => {
    const token = actors.superUser.token;
    const created = await call(token, "POST", "/announcements", { title: "  Manutenção programada ", text: "Sábado às 22h" });
    expect(created.statusCode).toBe(201);
    const announcement = created.json<AnnouncementView>();
    expect(announcement).toMatchObject({ title: "Manutenção programada", text: "Sábado às 22h", priority: 3, status: true, mediaUrl: null });

    expect((await call(token, "GET", `/announcements/${announcement.id}`)).json()).toEqual(announcement);

    const updated = await call(token, "PUT", `/announcements/${announcement.id}`, { title: "Manutenção adiada", text: "Domingo", priority: 1, status: false });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ id: announcement.id, title: "Manutenção adiada", priority: 1, status: false });

    const found = await call(token, "GET", "/announcements/?searchParam=ADIADA&pageNumber=1");
    expect(found.statusCode).toBe(200);
    expect(found.json()).toMatchObject({ count: 1, hasMore: false, records: [{ id: announcement.id }] });

    expect((await call(token, "DELETE", `/announcements/${announcement.id}`)).statusCode).toBe(204);
    expect((await call(token, "GET", `/announcements/${announcement.id}`)).json()).toEqual({ error: "ERR_NOT_FOUND" });
    expect((await call(token, "DELETE", `/announcements/${announcement.id}`)).statusCode).toBe(404);
  });

  it("lists newest first", async () => {
    const token = actors.superUser.token;
    const tag = `order-${Date.now()}`;
    const first = (await call(token, "POST", "/announcements", { title: `${tag} first`, text: "a" })).json<AnnouncementView>();
    const second = (await call(token, "POST", "/announcements", { title: `${tag} second`, text: "b" })).json<AnnouncementView>();
    const list = (await call(token, "GET", `/announcements?searchParam=${tag}`)).json<{ records: AnnouncementView[] }>();
    expect(list.records.map((r) => r.id)).toEqual([second.id, first.id]);
  });

  it("requires title and text, and a priority of 1, 2 or 3", async () => {
    const token = actors.superUser.token;
    const empty = await call(token, "POST", "/announcements", { title: " ", text: "" });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toEqual(
      expect.arrayContaining([
        { path: "body.title", message: "validation.required" },
        { path: "body.text", message: "validation.required" },
      ]),
    );
    const priority = await call(token, "POST", "/announcements", { title: "x", text: "y", priority: 4 });
    expect(priority.statusCode).toBe(400);
    expect(priority.json().fields).toEqual([{ path: "body.priority", message: "validation.invalid" }]);
  });

  it("refuses every management call to a company's admin and agent with 403", async () => {
    const created = (await call(actors.superUser.token, "POST", "/announcements", { title: "Só super", text: "x" })).json<AnnouncementView>();
    for (const token of [actors.admin.token, actors.agent.token]) {
      const attempts = [
        await call(token, "GET", "/announcements/"),
        await call(token, "GET", `/announcements/${created.id}`),
        await call(token, "POST", "/announcements", { title: "Não", text: "x" }),
        await call(token, "PUT", `/announcements/${created.id}`, { title: "Não", text: "x" }),
        await call(token, "DELETE", `/announcements/${created.id}`),
        await call(token, "DELETE", `/announcements/${created.id}/media-upload`),
      ];
      for (const res of attempts) expect(res.json()).toEqual({ error: "ERR_NO_PERMISSION" });
      expect(attempts.every((res) => res.statusCode === 403)).toBe(true);
    }
    expect((await call(actors.superUser.token, "GET", `/announcements/${created.id}`)).json()).toMatchObject({ title: "Só super" });
  });
});

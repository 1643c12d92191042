import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ActiveAnnouncements, AnnouncementView } from "@atendo/shared";
import type { Database } from "../db/client.js";
import type { AuthContext } from "../auth/load-session-context.js";
import { bearer, createTestApp, createTestDatabase, type TestApp } from "../test/helpers.js";
import { createAnnouncement } from "./create-announcement.js";
import { listActiveAnnouncements } from "./list-active-announcements.js";
import { markAnnouncementRead } from "./mark-announcement-read.js";
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
const bell = async (token: string) => (await call(token, "GET", "/announcements/active")).json<ActiveAnnouncements>();
const create = async (title: string, extra: Record<string, unknown> = {}) =>
  (await call(actors.superUser.token, "POST", "/announcements", { title, text: `${title} text`, ...extra })).json<AnnouncementView>();
const authOf = (user: { id: number; companyId: number; profile: "admin" | "user" | "supervisor" }): AuthContext =>
  ({ userId: user.id, companyId: user.companyId, profile: user.profile, super: false }) as AuthContext;

describe("the announcements bell (every user of every company)", () => {
  it("lists active announcements newest first, with priority, for a company's agent; inactive ones never", async () => {
    const low = await create("Bell low");
    const high = await create("Bell high", { priority: 1 });
    const hidden = await create("Bell hidden", { status: false });
    const { records } = await bell(actors.agent.token);
    const ids = records.map((r) => r.id);
    expect(ids.indexOf(high.id)).toBeLessThan(ids.indexOf(low.id));
    expect(ids.indexOf(high.id)).toBeGreaterThanOrEqual(0);
    expect(ids).not.toContain(hidden.id);
    expect(records.find((r) => r.id === high.id)).toMatchObject({ priority: 1, read: false, text: "Bell high text" });

    // Deactivating takes it out; reactivating brings it back.
    await call(actors.superUser.token, "PUT", `/announcements/${high.id}`, { title: "Bell high", text: "x", status: false });
    expect((await bell(actors.agent.token)).records.map((r) => r.id)).not.toContain(high.id);
  });

  it("counts unread per user: opening one marks it read for that user only", async () => {
    // One snapshot, so announcements other test files write meanwhile (shared PostgreSQL) do not move the counts.
    await database.db
      .transaction(
        async (tx) => {
          const agent = authOf(actors.agent);
          const admin = authOf(actors.admin);
          const a = await createAnnouncement(tx, { title: "Unread A", text: "a", priority: 2, status: true });
          await createAnnouncement(tx, { title: "Unread B", text: "b", priority: 3, status: true });
          await createAnnouncement(tx, { title: "Unread off", text: "c", priority: 3, status: false });
          const before = await listActiveAnnouncements(tx, agent);
          const adminBefore = await listActiveAnnouncements(tx, admin);
          expect(before.unread).toBe(before.records.filter((r) => !r.read).length);

          await markAnnouncementRead(tx, agent, a.id);
          await markAnnouncementRead(tx, agent, a.id); // twice: still one read
          const after = await listActiveAnnouncements(tx, agent);
          expect(after.unread).toBe(before.unread - 1);
          expect(after.records.find((r) => r.id === a.id)?.read).toBe(true);
          // Another user of the same company still has it unread.
          const adminAfter = await listActiveAnnouncements(tx, admin);
          expect(adminAfter.unread).toBe(adminBefore.unread);
          expect(adminAfter.records.find((r) => r.id === a.id)?.read).toBe(false);
          throw new Rollback();
        },
        { isolationLevel: "repeatable read" },
      )
      .catch((error: unknown) => {
        if (!(error instanceof Rollback)) throw error;
      });
  });

  it("marks read over HTTP (204), the state following the user to a new session; inactive or missing ones are 404", async () => {
    const item = await create("Read over HTTP");
    expect((await call(actors.admin.token, "POST", `/announcements/${item.id}/read`)).statusCode).toBe(204);
    const again = await app.inject({ method: "POST", url: "/auth/login", payload: { email: actors.admin.email, password: actors.admin.password } });
    const fresh = again.json<{ token: string }>().token;
    expect((await bell(fresh)).records.find((r) => r.id === item.id)?.read).toBe(true);

    const off = await create("Read inactive", { status: false });
    expect((await call(fresh, "POST", `/announcements/${off.id}/read`)).json()).toEqual({ error: "ERR_NOT_FOUND" });
    expect((await call(fresh, "POST", "/announcements/999999/read")).statusCode).toBe(404);
  });
});

class Rollback extends Error {}

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Socket } from "socket.io-client";
import { ANNOUNCEMENT_EVENT, type AnnouncementEventPayload, type AnnouncementView } from "@atendo/shared";
import type { Database } from "../db/client.js";
import { bearer, createTestApp, createTestDatabase, type TestApp } from "../test/helpers.js";
import { connected, connectSocket, listen } from "../test/socket-client.js";
import { announcementActors } from "./test-support.js";

let database: Database;
let app: TestApp;
let url: string;
let actors: Awaited<ReturnType<typeof announcementActors>>;
const sockets: Socket[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp(database);
  url = await listen(app);
  actors = await announcementActors(app, database);
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await app.close();
  await database.close();
});

/** The next announcement event matching `predicate`. */
function nextAnnouncement(socket: Socket, predicate: (p: AnnouncementEventPayload) => boolean): Promise<AnnouncementEventPayload> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("no announcement event")), 5_000);
    const listener = (payload: AnnouncementEventPayload) => {
      if (!predicate(payload)) return;
      clearTimeout(timer);
      socket.off(ANNOUNCEMENT_EVENT, listener);
      resolve(payload);
    };
    socket.on(ANNOUNCEMENT_EVENT, listener);
  });
}

describe("the announcement event", () => {
  it("reaches a user of another company on create, update and delete; a deactivated one goes out as a delete", async () => {
    const socket = connectSocket(url, actors.agent.token);
    sockets.push(socket);
    await connected(socket);
    const su = bearer(actors.superUser.token);

    const created = nextAnnouncement(socket, (p) => p.action === "create" && p.record.title === "Ao vivo");
    const res = await app.inject({ method: "POST", url: "/announcements", headers: su, payload: { title: "Ao vivo", text: "Olá a todos", priority: 1 } });
    const announcement = res.json<AnnouncementView>();
    expect(await created).toEqual({ action: "create", record: announcement });

    const updated = nextAnnouncement(socket, (p) => p.action === "update" && p.record.id === announcement.id);
    await app.inject({ method: "PUT", url: `/announcements/${announcement.id}`, headers: su, payload: { title: "Ao vivo 2", text: "Olá", priority: 2 } });
    expect(await updated).toMatchObject({ action: "update", record: { id: announcement.id, title: "Ao vivo 2", priority: 2 } });

    // Inactive: its content does not travel, the bells drop it.
    const withdrawn = nextAnnouncement(socket, (p) => p.action === "delete" && p.id === announcement.id);
    let leaked = false;
    socket.on(ANNOUNCEMENT_EVENT, (p: AnnouncementEventPayload) => {
      if (p.action !== "delete" && p.record.title === "Segredo") leaked = true;
    });
    await app.inject({ method: "PUT", url: `/announcements/${announcement.id}`, headers: su, payload: { title: "Segredo", text: "x", status: false } });
    expect(await withdrawn).toEqual({ action: "delete", id: announcement.id });
    expect(leaked).toBe(false);

    const deleted = nextAnnouncement(socket, (p) => p.action === "delete" && p.id === announcement.id);
    await app.inject({ method: "DELETE", url: `/announcements/${announcement.id}`, headers: su });
    expect(await deleted).toEqual({ action: "delete", id: announcement.id });
  });
});

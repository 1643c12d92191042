import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AnnouncementView } from "@atendo/shared";
import type { Database } from "../db/client.js";
import { bearer, createTestApp, createTestDatabase, type TestApp } from "../test/helpers.js";
import { multipart, SAMPLE_FILES } from "../test/multipart.js";
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

const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46]);
const call = (token: string, method: string, url: string, payload?: unknown) =>
  app.inject({ method: method as never, url, headers: bearer(token), payload: payload as never });
const create = async (extra: Record<string, unknown> = {}) =>
  (await call(actors.superUser.token, "POST", "/announcements", { title: "Com anexo", text: "Veja o arquivo", ...extra })).json<AnnouncementView>();
const upload = (token: string, id: number, file: Parameters<typeof multipart>[0]) => {
  const body = multipart(file);
  return app.inject({ method: "POST", url: `/announcements/${id}/media-upload`, headers: { ...bearer(token), ...body.headers }, payload: body.payload });
};

describe("announcement attachments", () => {
  it("takes png, jpeg and PDF, serves it to a user of any company with nosniff, and removes it", async () => {
    const item = await create();
    for (const [name, data, type] of [
      ["aviso.png", SAMPLE_FILES.png, "image/png"],
      ["foto.JPG", JPEG, "image/jpeg"],
      ["manual de uso.pdf", SAMPLE_FILES.pdf, "application/pdf"],
    ] as const) {
      // The declared type is not what decides.
      const res = await upload(actors.superUser.token, item.id, { name, type: "application/octet-stream", data });
      expect(res.statusCode, name).toBe(200);
      expect(res.json()).toMatchObject({ mediaType: type, mediaUrl: `/announcements/${item.id}/media` });
    }
    expect((await call(actors.superUser.token, "GET", `/announcements/${item.id}`)).json()).toMatchObject({ mediaName: "manual_de_uso.pdf" });

    const served = await call(actors.agent.token, "GET", `/announcements/${item.id}/media`);
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("application/pdf");
    expect(served.headers["x-content-type-options"]).toBe("nosniff");
    expect(served.headers["content-security-policy"]).toContain("sandbox");
    expect(served.rawPayload.equals(SAMPLE_FILES.pdf)).toBe(true);

    const removed = await call(actors.superUser.token, "DELETE", `/announcements/${item.id}/media-upload`);
    expect(removed.json()).toMatchObject({ mediaName: null, mediaType: null, mediaUrl: null });
    expect((await call(actors.agent.token, "GET", `/announcements/${item.id}/media`)).statusCode).toBe(404);
  });

  it("checks the type from the bytes: a page named .png, a PNG named .pdf, a GIF are refused", async () => {
    const item = await create();
    const attempts = [
      { name: "evil.png", type: "image/png", data: Buffer.from("<html><script>alert(1)</script></html>") },
      { name: "swap.pdf", type: "application/pdf", data: SAMPLE_FILES.png },
      { name: "anim.gif", type: "image/gif", data: Buffer.from("GIF89a....") },
      { name: "audio.mp3", type: "audio/mpeg", data: SAMPLE_FILES.mp3 },
    ];
    for (const file of attempts) {
      const res = await upload(actors.superUser.token, item.id, file);
      expect(res.statusCode, file.name).toBe(400);
      expect(res.json()).toEqual({ error: "ERR_INVALID_FILE_TYPE" });
    }
    expect((await call(actors.superUser.token, "GET", `/announcements/${item.id}`)).json()).toMatchObject({ mediaUrl: null });
  });

  it("refuses uploads to a company's admin (403) and hides an inactive announcement's file from non-super users", async () => {
    const item = await create({ status: false });
    expect((await upload(actors.admin.token, item.id, { name: "a.png", type: "image/png", data: SAMPLE_FILES.png })).statusCode).toBe(403);
    expect((await upload(actors.superUser.token, item.id, { name: "a.png", type: "image/png", data: SAMPLE_FILES.png })).statusCode).toBe(200);
    expect((await call(actors.agent.token, "GET", `/announcements/${item.id}/media`)).statusCode).toBe(404);
    expect((await call(actors.superUser.token, "GET", `/announcements/${item.id}/media`)).statusCode).toBe(200);
  });

  it("deletes the file with its announcement", async () => {
    const item = await create();
    await upload(actors.superUser.token, item.id, { name: "a.png", type: "image/png", data: SAMPLE_FILES.png });
    const [row] = await database.db.query.announcements.findMany({ where: (t, { eq }) => eq(t.id, item.id) });
    expect(await app.deps.storage.exists(row!.mediaPath!)).toBe(true);
    expect((await call(actors.superUser.token, "DELETE", `/announcements/${item.id}`)).statusCode).toBe(204);
    expect(await app.deps.storage.exists(row!.mediaPath!)).toBe(false);
  });
});

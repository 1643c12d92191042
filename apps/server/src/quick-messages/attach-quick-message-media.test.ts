import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client.js";
import { quickMessages } from "../db/schema.js";
import { bearer, createCompany, createTestApp, createTestDatabase, createUser, login, type TestApp } from "../test/helpers.js";
import { multipart, PAGES_AS_MP4, REAL_FILES, SAMPLE_FILES } from "../test/multipart.js";

let database: Database;
let app: TestApp;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp(database);
});
afterAll(async () => {
  await app.close();
  await database.close();
});

async function ownerWithMessage() {
  const company = await createCompany(database.db);
  const owner = await createUser(database.db, company.id);
  const [row] = await database.db.insert(quickMessages).values({ companyId: company.id, userId: owner.id, shortcode: "cat", message: "x" }).returning();
  return { company, id: row!.id, token: (await login(app, owner.email, owner.password)).token };
}
const upload = (token: string, id: number, file: Parameters<typeof multipart>[0], fields: Record<string, string> = {}) => {
  const body = multipart(file, fields);
  return app.inject({ method: "POST", url: `/quick-messages/${id}/media-upload`, headers: { ...bearer(token), ...body.headers }, payload: body.payload });
};

describe("quick message attachments", () => {
  it("attaches a file with underscores for spaces in its name, then removes it", async () => {
    const { company, id, token } = await ownerWithMessage();
    const res = await upload(token, id, { name: "catálogo de verão 2025.pdf", type: "application/pdf", data: SAMPLE_FILES.pdf }, { typeArch: "quickMessage" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id, mediaName: "catálogo_de_verão_2025.pdf", isMedia: true });
    expect(res.json().mediaPath).toMatch(new RegExp(`^${company.id}/quick-messages/`));
    const path = res.json().mediaPath as string;
    expect(await app.deps.storage.exists(path)).toBe(true);

    const removed = await app.inject({ method: "DELETE", url: `/quick-messages/${id}/media-upload`, headers: bearer(token) });
    expect(removed.json()).toMatchObject({ mediaPath: null, mediaName: null, isMedia: false });
    expect(await app.deps.storage.exists(path)).toBe(false);
  });

  it("refuses other file types", async () => {
    const { id, token } = await ownerWithMessage();
    const res = await upload(token, id, { name: "virus.js", type: "text/javascript", data: Buffer.from("alert(1)") });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: "ERR_INVALID_FILE_TYPE" });
  });

  it("judges audio and video by their bytes: a page named .mp4 is refused, a real MP4 and PNG pass", async () => {
    const { id, token } = await ownerWithMessage();
    for (const page of PAGES_AS_MP4) {
      const res = await upload(token, id, page);
      expect(res.statusCode, page.name).toBe(400);
      expect(res.json(), page.name).toEqual({ error: "ERR_INVALID_FILE_TYPE" });
    }
    expect((await upload(token, id, { name: "clip.mp4", type: "video/mp4", data: REAL_FILES.mp4 })).json()).toMatchObject({ mediaName: "clip.mp4" });
    expect((await upload(token, id, { name: "foto.png", type: "image/png", data: REAL_FILES.png })).json()).toMatchObject({ mediaName: "foto.png" });
  });

  it("refuses a colleague (404 on a personal message) and deletes the file with its message", async () => {
    const { company, id, token } = await ownerWithMessage();
    const colleague = await createUser(database.db, company.id, { profile: "supervisor" });
    const colleagueToken = (await login(app, colleague.email, colleague.password)).token;
    expect((await upload(colleagueToken, id, { name: "a.png", type: "image/png", data: SAMPLE_FILES.png })).statusCode).toBe(404);

    const res = await upload(token, id, { name: "a.png", type: "image/png", data: SAMPLE_FILES.png });
    const path = res.json().mediaPath as string;
    expect((await app.inject({ method: "DELETE", url: `/quick-messages/${id}`, headers: bearer(token) })).statusCode).toBe(204);
    expect(await app.deps.storage.exists(path)).toBe(false);
  });
});

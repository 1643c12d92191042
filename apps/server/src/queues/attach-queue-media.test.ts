import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client.js";
import { queues } from "../db/schema.js";
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

async function adminWithQueue(profile: "admin" | "user" = "admin") {
  const company = await createCompany(database.db);
  const user = await createUser(database.db, company.id, { profile });
  const { token } = await login(app, user.email, user.password);
  const [queue] = await database.db.insert(queues).values({ companyId: company.id, name: "Vendas", color: "#ff0000" }).returning();
  return { company, token, queueId: queue!.id };
}
const upload = (token: string, queueId: number, file: Parameters<typeof multipart>[0]) => {
  const body = multipart(file);
  return app.inject({ method: "POST", url: `/queue/${queueId}/media-upload`, headers: { ...bearer(token), ...body.headers }, payload: body.payload });
};

describe("POST and DELETE /queue/{id}/media-upload", () => {
  it("attaches an image, replaces it with a PDF (removing the old file), then removes it", async () => {
    const { company, token, queueId } = await adminWithQueue();
    const first = await upload(token, queueId, { name: "cardápio da loja.png", type: "image/png", data: SAMPLE_FILES.png });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ id: queueId, mediaName: "cardápio_da_loja.png" });
    const firstPath = first.json().mediaPath as string;
    expect(firstPath).toMatch(new RegExp(`^${company.id}/queues/[0-9a-f-]{36}\\.png$`));
    expect(await app.deps.storage.exists(firstPath)).toBe(true);

    const second = await upload(token, queueId, { name: "tabela.pdf", type: "application/pdf", data: SAMPLE_FILES.pdf });
    expect(second.json()).toMatchObject({ mediaName: "tabela.pdf" });
    expect(await app.deps.storage.exists(firstPath)).toBe(false);

    const audio = await upload(token, queueId, { name: "boas-vindas.mp3", type: "audio/mpeg", data: SAMPLE_FILES.mp3 });
    expect(audio.statusCode).toBe(200);

    const removed = await app.inject({ method: "DELETE", url: `/queue/${queueId}/media-upload`, headers: bearer(token) });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({ mediaPath: null, mediaName: null });
    expect(await app.deps.storage.exists(audio.json().mediaPath)).toBe(false);
  });

  it("refuses files outside the allowlist, and files whose bytes are not what they claim", async () => {
    const { token, queueId } = await adminWithQueue();
    const attempts = [
      { name: "script.html", type: "text/html", data: Buffer.from("<script>alert(1)</script>") },
      { name: "setup.exe", type: "application/octet-stream", data: Buffer.from("MZ") },
      { name: "foto.png", type: "image/png", data: Buffer.from("<html>not a png</html>") },
      { name: "foto.exe", type: "image/png", data: SAMPLE_FILES.png },
      { name: "doc.pdf", type: "application/pdf", data: Buffer.from("hello") },
    ];
    for (const file of attempts) {
      const res = await upload(token, queueId, file);
      expect(res.statusCode, file.name).toBe(400);
      expect(res.json(), file.name).toEqual({ error: "ERR_INVALID_FILE_TYPE" });
    }
    const read = await app.inject({ method: "GET", url: `/queue/${queueId}`, headers: bearer(token) });
    expect(read.json().mediaPath).toBeNull();
  });

  it("judges audio and video by their bytes: a page named .mp4 is refused, a real MP4 and PNG pass", async () => {
    const { token, queueId } = await adminWithQueue();
    for (const page of PAGES_AS_MP4) {
      const res = await upload(token, queueId, page);
      expect(res.statusCode, page.name).toBe(400);
      expect(res.json(), page.name).toEqual({ error: "ERR_INVALID_FILE_TYPE" });
    }
    const read = await app.inject({ method: "GET", url: `/queue/${queueId}`, headers: bearer(token) });
    expect(read.json().mediaPath).toBeNull();
    expect((await upload(token, queueId, { name: "clip.mp4", type: "video/mp4", data: REAL_FILES.mp4 })).statusCode).toBe(200);
    expect((await upload(token, queueId, { name: "foto.png", type: "image/png", data: REAL_FILES.png })).statusCode).toBe(200);
  });

  it("asks for the file, and refuses non-admins and other companies", async () => {
    const { token, queueId } = await adminWithQueue();
    const noFile = multipart({ field: "other", name: "a.png", type: "image/png", data: SAMPLE_FILES.png });
    const res = await app.inject({ method: "POST", url: `/queue/${queueId}/media-upload`, headers: { ...bearer(token), ...noFile.headers }, payload: noFile.payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: "ERR_VALIDATION", fields: [{ path: "body.file", message: "validation.required" }] });

    const agent = await adminWithQueue("user");
    expect((await upload(agent.token, agent.queueId, { name: "a.png", type: "image/png", data: SAMPLE_FILES.png })).json()).toEqual({
      error: "ERR_NO_PERMISSION",
    });
    expect((await upload(token, agent.queueId, { name: "a.png", type: "image/png", data: SAMPLE_FILES.png })).statusCode).toBe(404);
    expect((await app.inject({ method: "DELETE", url: `/queue/${agent.queueId}/media-upload`, headers: bearer(token) })).statusCode).toBe(404);
  });
});

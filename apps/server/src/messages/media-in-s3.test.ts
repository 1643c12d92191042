import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import type { WhatsAppView } from "@atendo/shared";
import type { Database } from "../db/client.js";
import { messages } from "../db/schema.js";
import { createTestApp, createTestDatabase, type TestApp } from "../test/helpers.js";
import { eventually } from "../test/socket-client.js";
import { multipart, SAMPLE_FILES } from "../test/multipart.js";
import { startFakeS3 } from "../test/fake-s3.js";
import { connectionsCompany, waitForStatus } from "../connections/test-support.js";

let database: Database;
let app: TestApp;
let s3: Awaited<ReturnType<typeof startFakeS3>>;
beforeAll(async () => {
  s3 = await startFakeS3();
  database = await createTestDatabase();
  app = await createTestApp(database, { s3: { bucket: "atendo", region: "us-east-1", endpoint: s3.endpoint, accessKeyId: "key", secretAccessKey: "secret" } });
});
afterAll(async () => {
  await app.close();
  await database.close();
  await s3.close();
});

describe("media with S3-compatible storage configured", () => {
  it("a customer's image is downloaded into the bucket and served from it", async () => {
    const { company, asAdmin } = await connectionsCompany(app, database.db);
    const connection = (await app.inject({ method: "POST", url: "/whatsapp", headers: asAdmin, payload: { name: "Nuvem", provider: "simulator" } })).json<WhatsAppView>();
    await app.inject({ method: "POST", url: `/simulator/${connection.id}/scan`, headers: asAdmin, payload: { qrcode: connection.qrcode } });
    await waitForStatus(database.db, connection.id, "CONNECTED");
    await app.inject({ method: "POST", url: `/simulator/${connection.id}/contacts`, headers: asAdmin, payload: { name: "Cliente", number: "5511990009999" } });
    const form = multipart({ name: "foto.png", type: "image/png", data: SAMPLE_FILES.png }, { caption: "Olha" });
    const sent = await app.inject({ method: "POST", url: `/simulator/${connection.id}/chats/5511990009999/messages`, headers: { ...asAdmin, ...form.headers }, payload: form.payload });
    expect(sent.statusCode, sent.body).toBe(201);

    const image = async () => (await database.db.select().from(messages).where(and(eq(messages.companyId, company.id), eq(messages.mediaType, "image"))))[0];
    await eventually(async () => (await image())?.mediaStatus === "ready", 15_000);
    const row = (await image())!;
    expect(s3.objects.has(`atendo/${row.mediaPath}`)).toBe(true);
    const res = await app.inject({ method: "GET", url: `/messages/${row.id}/media`, headers: asAdmin });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(SAMPLE_FILES.png)).toBe(true);
  });
});

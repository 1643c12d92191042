import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { OUTBOUND_MEDIA_MAX_BYTES, type WhatsAppView } from "@atendo/shared";
import type { Database } from "../db/client.js";
import { contacts, messages, queues, tickets, userQueues } from "../db/schema.js";
import { createTestApp, createTestDatabase, type TestApp } from "../test/helpers.js";
import { multipart } from "../test/multipart.js";
import { connectionsCompany, waitForStatus } from "../connections/test-support.js";

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

const CUSTOMER = "5511990004444";

async function setup() {
  const ctx = await connectionsCompany(app, database.db);
  const connection = (await app.inject({ method: "POST", url: "/whatsapp", headers: ctx.asAdmin, payload: { name: "Anexos", provider: "simulator" } })).json<WhatsAppView>();
  await app.inject({ method: "POST", url: `/simulator/${connection.id}/scan`, headers: ctx.asAdmin, payload: { qrcode: connection.qrcode } });
  await waitForStatus(database.db, connection.id, "CONNECTED");
  const [queue] = await database.db.insert(queues).values({ companyId: ctx.company.id, name: "Fila", color: "#303030" }).returning();
  await database.db.insert(userQueues).values({ companyId: ctx.company.id, userId: ctx.agent.id, queueId: queue!.id });
  const [contact] = await database.db.insert(contacts).values({ companyId: ctx.company.id, name: "Cliente", number: CUSTOMER, canonicalNumber: CUSTOMER }).returning();
  const [ticket] = await database.db
    .insert(tickets)
    .values({ companyId: ctx.company.id, contactId: contact!.id, whatsappId: connection.id, queueId: queue!.id, userId: ctx.agent.id, status: "open" })
    .returning();
  const sendFile = (file: { name: string; type: string; data: Buffer }) => {
    const form = multipart({ field: "medias", ...file });
    return app.inject({ method: "POST", url: `/messages/${ticket!.id}`, headers: { ...ctx.asAgent, ...form.headers }, payload: form.payload });
  };
  const rows = () => database.db.select().from(messages).where(eq(messages.ticketId, ticket!.id));
  return { sendFile, rows };
}

/** Every stored file of the app (the files folder under DATA_DIR). */
function storedFiles(): string[] {
  const walk = (dir: string): string[] =>
    existsSync(dir) ? readdirSync(dir).flatMap((n) => (statSync(path.join(dir, n)).isDirectory() ? walk(path.join(dir, n)) : [path.join(dir, n)])) : [];
  return walk(app.deps.config.dataDir).filter((f) => !f.includes(`${path.sep}pgdata${path.sep}`));
}

/** The first bytes of an MP4 file (ftyp box), then filler. */
const mp4 = (size: number) => Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypmp42"), Buffer.from([0, 0, 0, 0]), Buffer.from("mp42isom"), Buffer.alloc(size - 24)]);

describe("attachments an agent sends", () => {
  it("refuses a file over 16 MB while it streams in, and stores nothing", async () => {
    const { sendFile, rows } = await setup();
    const before = storedFiles();
    const res = await sendFile({ name: "grande.mp4", type: "video/mp4", data: mp4(20 * 1024 * 1024) });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: "ERR_PAYLOAD_TOO_LARGE", details: { maxBytes: OUTBOUND_MEDIA_MAX_BYTES } });
    expect(await rows()).toHaveLength(0);
    expect(storedFiles()).toEqual(before);
    // Exactly at the limit is fine.
    const atLimit = await sendFile({ name: "limite.mp4", type: "video/mp4", data: mp4(OUTBOUND_MEDIA_MAX_BYTES) });
    expect(atLimit.statusCode, atLimit.body).toBe(201);
  });

  it("refuses a page uploaded under a video's name and type; stores a real video with the type its bytes say", async () => {
    const { sendFile, rows } = await setup();
    const page = await sendFile({ name: "video.mp4", type: "video/mp4", data: Buffer.from("<!doctype html><script>alert(document.cookie)</script>") });
    expect(page.statusCode).toBe(400);
    expect(page.json().error).toBe("ERR_INVALID_FILE_TYPE");
    // Not markup, but not a video either: still refused.
    const junk = await sendFile({ name: "video.mp4", type: "video/mp4", data: Buffer.from("just some bytes that are no container at all") });
    expect(junk.json().error).toBe("ERR_INVALID_FILE_TYPE");
    expect(await rows()).toHaveLength(0);

    const video = await sendFile({ name: "video.mp4", type: "video/mp4", data: mp4(4096) });
    expect(video.statusCode, video.body).toBe(201);
    expect((await rows())[0]).toMatchObject({ mediaType: "video", mimetype: "video/mp4" });
  });
});

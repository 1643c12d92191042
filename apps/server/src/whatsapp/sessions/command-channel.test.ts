import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SimulatorMessageView, WhatsAppView } from "@atendo/shared";
import type { Database } from "../../db/client.js";
import { createTestApp, createTestDatabase, type TestApp } from "../../test/helpers.js";
import { multipart, SAMPLE_FILES } from "../../test/multipart.js";
import { eventually } from "../../test/socket-client.js";
import { connectionsCompany, waitForStatus } from "../../connections/test-support.js";
import type { ProviderEvent } from "../provider.js";
import { packValue, unpackValue } from "./command-channel.js";

/** The machines here run Redis on the default port; REDIS_URL overrides it. */
const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";

describe("packValue/unpackValue", () => {
  it("carries buffers and dates through JSON", () => {
    const value = { data: Buffer.from([0, 1, 2, 255]), at: new Date("2026-01-02T03:04:05.000Z"), list: [Buffer.from("x")], text: "$buffer" };
    const back = unpackValue(JSON.parse(JSON.stringify(packValue(value)))) as typeof value;
    expect(Buffer.isBuffer(back.data) && back.data.equals(value.data)).toBe(true);
    expect(back.at).toEqual(value.at);
    expect(back.list[0]!.toString()).toBe("x");
    expect(back.text).toBe("$buffer");
  });
});

describe("commands between two server instances (Redis)", () => {
  let database: Database;
  let one: TestApp;
  let two: TestApp;
  const heardByOne: ProviderEvent[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    one = await createTestApp(database, { redisUrl: REDIS_URL });
    // Processes of one installation share the stored files (a customer's upload through one, read by the session on the other).
    two = await createTestApp(database, { redisUrl: REDIS_URL, dataDir: one.deps.config.dataDir });
    one.deps.sessions.setInboundHandler(async (_ref, event) => void heardByOne.push(event));
  });
  afterAll(async () => {
    await one.close();
    await two.close();
    await database.close();
  });

  it("reach the instance that runs the session, with results and errors, and never start a second session", async () => {
    const { asAdmin } = await connectionsCompany(one, database.db);
    const created = (await one.inject({ method: "POST", url: "/whatsapp", headers: asAdmin, payload: { name: "Cluster", provider: "simulator" } })).json<WhatsAppView>();
    expect(one.deps.sessions.isRunningHere(created.id)).toBe(true);

    // A new QR asked of instance two is made by instance one.
    const renewed = await two.inject({ method: "PUT", url: `/whatsappsession/${created.id}`, headers: asAdmin });
    expect(renewed.statusCode).toBe(200);
    expect(renewed.json<WhatsAppView>().qrcode).not.toBe(created.qrcode);
    expect(two.deps.sessions.isRunningHere(created.id)).toBe(false);
    expect(one.deps.sessions.isRunningHere(created.id)).toBe(true);

    // The simulator's scan and a customer's message, through instance two, reach the session on instance one.
    expect((await two.inject({ method: "POST", url: `/simulator/${created.id}/scan`, headers: asAdmin, payload: { qrcode: renewed.json<WhatsAppView>().qrcode } })).statusCode).toBe(204);
    await waitForStatus(database.db, created.id, "CONNECTED");
    await two.inject({ method: "POST", url: `/simulator/${created.id}/contacts`, headers: asAdmin, payload: { name: "Cliente", number: "5511987650201" } });
    const said = await two.inject({ method: "POST", url: `/simulator/${created.id}/chats/5511987650201/messages`, headers: asAdmin, payload: { type: "text", body: "oi" } });
    expect(said.json<SimulatorMessageView>().ack).toBe(3);
    await eventually(async () => heardByOne.some((e) => e.type === "message"));

    // Operations with bytes both ways, and results with dates.
    const sent = await two.deps.sessions.call(created.id, "send", { kind: "user", number: "5511987650201" }, { type: "audio", data: SAMPLE_FILES.mp3, mimetype: "audio/mpeg" });
    expect(sent.timestamp).toBeInstanceOf(Date);
    const stored = (await two.inject({ method: "GET", url: `/simulator/${created.id}/chats/5511987650201/messages`, headers: asAdmin })).json<SimulatorMessageView[]>();
    expect(stored.find((m) => m.messageId === sent.messageId)?.type).toBe("audio");
    const upload = multipart({ name: "foto.png", type: "image/png", data: SAMPLE_FILES.png });
    await two.inject({ method: "POST", url: `/simulator/${created.id}/chats/5511987650201/messages`, headers: { ...asAdmin, ...upload.headers }, payload: upload.payload });
    await eventually(async () => heardByOne.some((e) => e.type === "message" && e.message.content.type === "image"));
    const image = heardByOne.find((e) => e.type === "message" && e.message.content.type === "image");
    if (image?.type !== "message" || image.message.content.type !== "image") throw new Error("unreachable");
    const bytes = await two.deps.sessions.call(created.id, "downloadMedia", image.message.content.media);
    expect(Buffer.isBuffer(bytes) && bytes.equals(SAMPLE_FILES.png)).toBe(true);

    // Errors keep their kind across the trip: a provider's, and a validation's with its field.
    await expect(two.deps.sessions.call(created.id, "send", { kind: "user", number: "14155552671" }, { type: "text", body: "?" })).rejects.toMatchObject({ code: "ERR_WAPP_INVALID_CONTACT" });
    const badReaction = await two.inject({ method: "POST", url: `/simulator/${created.id}/chats/5511987650201/messages`, headers: asAdmin, payload: { type: "reaction", messageId: "NOPE", emoji: "👍" } });
    expect(badReaction.statusCode).toBe(400);
    expect(badReaction.json().fields).toEqual([{ path: "body.messageId", message: "validation.invalid" }]);

    // Disconnect through instance two: instance one logs out and lets go.
    const disconnected = await two.inject({ method: "DELETE", url: `/whatsappsession/${created.id}`, headers: asAdmin });
    expect(disconnected.json<WhatsAppView>().status).toBe("DISCONNECTED");
    expect(one.deps.sessions.isRunningHere(created.id)).toBe(false);
  });
});

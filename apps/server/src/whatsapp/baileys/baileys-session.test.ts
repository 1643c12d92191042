import { chatKeysOf } from "../sessions/per-chat-queue.js";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { DisconnectReason, type WAMessage } from "baileys";
import pino from "pino";
import type { Database } from "../../db/client.js";
import { whatsappAuthKeys, whatsappSentMessages } from "../../db/schema.js";
import { createTestDatabase } from "../../test/helpers.js";
import { ProviderError, type ProviderEvent } from "../provider.js";
import { createBaileysSession, type BaileysSessionOptions } from "./baileys-session.js";
import { boom, fakeSockets } from "./fake-socket.js";
import { createTestConnection } from "./test-connection.js";
import * as m from "./fixtures/messages.js";
import * as ev from "./fixtures/events.js";
import { GROUP, JOAO, MARIA } from "./fixtures/received.js";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const key = randomBytes(32);

async function setup(overrides: Partial<BaileysSessionOptions> = {}) {
  const { company, whatsapp } = await createTestConnection(database.db);
  const events: ProviderEvent[] = [];
  const fake = fakeSockets();
  const session = createBaileysSession({
    companyId: company.id,
    whatsappId: whatsapp.id,
    onEvent: async (e) => {
      events.push(e);
    },
    db: database.db,
    encryptionKey: key,
    logger: pino({ level: "silent" }),
    makeSocket: fake.make,
    backoff: { baseMs: 5, capMs: 20, random: () => 0 },
    loginPhaseTimeoutMs: 500,
    ...overrides,
  });
  const statuses = () => events.flatMap((e) => (e.type === "connection" ? [e.status] : []));
  const authRows = () => database.db.select().from(whatsappAuthKeys).where(eq(whatsappAuthKeys.whatsappId, whatsapp.id));
  return { session, events, fake, statuses, authRows, whatsapp };
}

/** Lets queued event handlers and timers run. */
const settle = (ms = 30) => new Promise((r) => setTimeout(r, ms));

async function connected(overrides: Partial<BaileysSessionOptions> = {}) {
  const s = await setup(overrides);
  await s.session.start();
  s.fake.latest().open();
  await settle();
  // The login is saved in the background once the socket opens; a loaded database may take longer than a settle.
  await vi.waitFor(async () => expect((await s.authRows()).length).toBeGreaterThan(0), { timeout: 5000, interval: 20 });
  return s;
}

describe("Baileys session: login and status", () => {
  it("shows the real QR, then CONNECTED with the number, and saves the login encrypted", async () => {
    const { session, fake, events, statuses, authRows } = await setup();
    await session.start();
    expect(fake.sockets).toHaveLength(1);
    const qr = "2@Vq3gB0cXh1s2T3u4V5w6X7y8Z9,aBcDeFgHiJkLmNoPqRsTuVwXyZ012345=,QrStUvWxYz0123456789abcdefghij=,AbCdEfGhIjKlMnOpQrStUvWxYz01234=,1";
    fake.latest().emit("connection.update", { qr });
    fake.latest().open();
    await settle();
    expect(statuses()).toEqual(["OPENING", "qrcode", "CONNECTED"]);
    expect(events).toContainEqual({ type: "connection", status: "qrcode", qrcode: qr });
    expect(events.at(-1)).toEqual({ type: "connection", status: "CONNECTED", number: "5511912345678" });
    await vi.waitFor(async () => {
      const creds = (await authRows()).find((r) => r.type === "creds");
      expect(creds?.value.startsWith("enc:v1:")).toBe(true);
    }, { timeout: 5000, interval: 20 });
    await session.stop();
  });

  it("pairing code: asks WhatsApp with the digits, shows PAIRING with the code, and no more QRs", async () => {
    const { session, fake, events, statuses } = await setup();
    await session.start();
    fake.latest().emit("connection.update", { qr: "2@first-qr" });
    const code = await session.requestPairingCode("+55 (11) 91234-5678");
    expect(code).toBe("ABCD1234");
    expect(fake.latest().calls).toContainEqual({ op: "requestPairingCode", args: ["5511912345678"] });
    fake.latest().emit("connection.update", { qr: "2@second-qr" });
    await settle();
    expect(statuses()).toEqual(["OPENING", "qrcode", "PAIRING"]);
    expect(events.at(-1)).toEqual({ type: "connection", status: "PAIRING", pairingCode: "ABCD1234" });
    await session.stop();
  });

  it("pairing code is refused for a logged-in connection and for a malformed number", async () => {
    const { session } = await connected();
    await expect(session.requestPairingCode("5511912345678")).rejects.toMatchObject({ code: "ERR_NOT_SUPPORTED" });
    await expect(session.requestPairingCode("abc")).rejects.toMatchObject({ code: "ERR_WAPP_INVALID_CONTACT" });
    await session.stop();
  });
});

describe("Baileys session: reconnect by disconnect reason", () => {
  it("restartRequired: reconnects at once with the same login", async () => {
    const { session, fake, statuses } = await setup();
    await session.start();
    fake.latest().open();
    fake.latest().close(boom("Stream Errored (restart required)", DisconnectReason.restartRequired));
    await settle(0);
    expect(fake.sockets).toHaveLength(2);
    expect(fake.sockets[1]!.config.auth.creds).toBe(fake.sockets[0]!.config.auth.creds);
    fake.latest().open();
    await settle();
    expect(statuses()).toEqual(["OPENING", "CONNECTED", "CONNECTED"]);
    await session.stop();
  });

  it("a socket that cannot be made on reconnect ends the session as DISCONNECTED", async () => {
    const fake = fakeSockets();
    let made = 0;
    const { session, statuses } = await setup({
      makeSocket: (config) => {
        if (made++ > 0) throw new Error("bad socket configuration");
        return fake.make(config);
      },
    });
    await session.start();
    fake.latest().open();
    fake.latest().close(boom("restart", DisconnectReason.restartRequired));
    await settle();
    expect(statuses().at(-1)).toBe("DISCONNECTED");
    await session.stop();
  });

  it("loggedOut: wipes the login, DISCONNECTED, no reconnect", async () => {
    const { session, fake, statuses, authRows } = await connected();
    expect((await authRows()).length).toBeGreaterThan(0);
    fake.latest().close(boom("Connection Failure", DisconnectReason.loggedOut));
    await settle(60);
    expect(fake.sockets).toHaveLength(1);
    expect(statuses().at(-1)).toBe("DISCONNECTED");
    expect(await authRows()).toEqual([]);
    await session.stop();
  });

  it("connectionReplaced: DISCONNECTED without a loop, login kept", async () => {
    const { session, fake, statuses, authRows } = await connected();
    fake.latest().close(boom("Stream Errored (conflict)", DisconnectReason.connectionReplaced));
    await settle(60);
    expect(fake.sockets).toHaveLength(1);
    expect(statuses().at(-1)).toBe("DISCONNECTED");
    expect((await authRows()).length).toBeGreaterThan(0);
    await session.stop();
  });

  it("QR attempts ended before a login: TIMEOUT, no reconnect", async () => {
    const { session, fake, statuses } = await setup();
    await session.start();
    fake.latest().emit("connection.update", { qr: "2@qr" });
    fake.latest().close(boom("QR refs attempts ended", DisconnectReason.timedOut));
    await settle(60);
    expect(fake.sockets).toHaveLength(1);
    expect(statuses()).toEqual(["OPENING", "qrcode", "TIMEOUT"]);
    await session.stop();
  });

  it("a lost connection: OPENING, back-off, reconnect until it opens again", async () => {
    const { session, fake, statuses } = await connected();
    fake.latest().close(boom("Connection Terminated", DisconnectReason.connectionClosed));
    await settle(0);
    expect(statuses().at(-1)).toBe("OPENING");
    await settle(60);
    expect(fake.sockets).toHaveLength(2);
    fake.latest().close(boom("Connection Terminated", DisconnectReason.connectionClosed));
    await settle(60);
    expect(fake.sockets).toHaveLength(3);
    fake.latest().open();
    await settle();
    expect(statuses().slice(-3)).toEqual(["OPENING", "OPENING", "CONNECTED"]);
    await session.stop();
  });

  it("stop: ends the socket, keeps the login, and a late close does not reconnect", async () => {
    const { session, fake, authRows } = await connected();
    await session.stop();
    expect(fake.latest().ended).toBe(true);
    fake.latest().close(boom("Connection Terminated", DisconnectReason.connectionClosed));
    await settle(60);
    expect(fake.sockets).toHaveLength(1);
    expect((await authRows()).length).toBeGreaterThan(0);
  });

  it("a stop that arrives while starting wins: no socket is opened", async () => {
    const { session, fake } = await setup();
    const starting = session.start();
    await session.stop();
    await starting;
    await settle();
    expect(fake.sockets).toHaveLength(0);
  });

  it("logout: tells WhatsApp, forgets the login, DISCONNECTED", async () => {
    const { session, fake, statuses, authRows } = await connected();
    await session.logout();
    expect(fake.latest().calls.map((c) => c.op)).toContain("logout");
    expect(await authRows()).toEqual([]);
    expect(statuses().at(-1)).toBe("DISCONNECTED");
  });
});

describe("Baileys session: events", () => {
  it("normalises Baileys events in order and subscribes to the presence of new chats", async () => {
    const { session, fake, events } = await connected();
    const socket = fake.latest();
    socket.emit("messages.upsert", { type: "notify", messages: [m.textFromPnWithLidAlt, m.groupText] });
    socket.emit("messages.update", [{ key: { remoteJid: m.textFromPnWithLidAlt.key.remoteJid, id: "3EB0X", fromMe: true }, update: { status: 4 } }]);
    socket.emit("lid-mapping.update", { lid: "111@lid", pn: "5511900001111@s.whatsapp.net" });
    await settle();
    const seen = events.filter((e) => e.type !== "connection");
    expect(seen.map((e) => e.type).sort()).toEqual(["ack", "identity", "identity", "identity", "message", "message"]);
    // Chats run concurrently; within a chat the order holds: the identity link, then the message, then its ack.
    const first = seen.find((e) => e.type === "message" && e.message.chat.kind === "user")!;
    const sameChat = seen.filter((e) => chatKeysOf(e).some((k) => chatKeysOf(first).includes(k)));
    expect(sameChat.map((e) => e.type).slice(0, 3)).toEqual(["identity", "message", "ack"]);
    expect(socket.calls.filter((c) => c.op === "presenceSubscribe").map((c) => c.args[0])).toEqual([m.textFromPnWithLidAlt.key.remoteJid]);
    await session.stop();
  });

  it("keeps the address book WhatsApp synced, for importing the phone's contacts", async () => {
    const { session, fake } = await connected();
    fake.latest().emit("contacts.upsert", ev.contactsUpsert);
    fake.latest().emit("contacts.update", ev.contactsUpdate);
    await settle();
    const book = await session.listContacts();
    expect(book).toContainEqual(expect.objectContaining({ number: MARIA.number, lid: MARIA.lid, name: "Maria (cliente)" }));
    expect(book).toContainEqual(expect.objectContaining({ number: JOAO.number, lid: JOAO.lid, pushName: JOAO.pushName }));
    // Neither ourselves nor groups.
    expect(book.some((c) => c.name === "Loja Atendo" || c.name === "Entregas")).toBe(false);
    await session.stop();
  });

  it("ignores events of a socket it has replaced", async () => {
    const { session, fake, events } = await connected();
    const old = fake.latest();
    old.close(boom("restart", DisconnectReason.restartRequired));
    await settle(0);
    old.emit("messages.upsert", { type: "notify", messages: [m.textFromLidOnly] });
    await settle();
    expect(events.filter((e) => e.type === "message")).toEqual([]);
    await session.stop();
  });

  it("a failing handler does not stop later events", async () => {
    let fail = true;
    const seen: string[] = [];
    const { session, fake } = await connected({
      onEvent: async (e) => {
        if (e.type !== "message") return;
        if (fail) {
          fail = false;
          throw new Error("database down");
        }
        seen.push(e.message.id);
      },
    });
    fake.latest().emit("messages.upsert", { type: "notify", messages: [m.textFromLidOnly, m.quotedReplyFromLid] });
    await settle();
    expect(seen).toEqual([m.quotedReplyFromLid.key.id]);
    await session.stop();
  });
});

describe("Baileys session: operations", () => {
  const maria = { kind: "user", number: MARIA.number, lid: MARIA.lid } as const;

  it("refuses operations while not connected (retryable)", async () => {
    const { session } = await setup();
    const err = await session.send(maria, { type: "text", body: "oi" }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProviderError);
    expect(err).toMatchObject({ code: "ERR_WAPP_NOT_INITIALIZED", retryable: true });
  });

  it("sends text to the phone jid, quoting a seen message, forwarded; keeps the payload for retries", async () => {
    const { session, fake, whatsapp } = await connected();
    const socket = fake.latest();
    socket.emit("messages.upsert", { type: "notify", messages: [m.quotedReplyFromLid] });
    await settle();
    const result = await session.send(maria, { type: "text", body: "Chega amanhã" }, { quotedId: m.quotedReplyFromLid.key.id!, forwarded: true });
    const call = socket.calls.find((c) => c.op === "sendMessage")!;
    expect(call.args[0]).toBe(`${MARIA.number}@s.whatsapp.net`);
    expect(call.args[1]).toEqual({ text: "Chega amanhã", contextInfo: { isForwarded: true, forwardingScore: 1 } });
    expect((call.args[2] as { quoted: WAMessage }).quoted.key.id).toBe(m.quotedReplyFromLid.key.id);
    expect(result).toEqual({ messageId: socket.sent[0]!.key.id, ack: 1, timestamp: new Date(1_751_390_000 * 1000) });

    const [row] = await database.db.select().from(whatsappSentMessages).where(eq(whatsappSentMessages.whatsappId, whatsapp.id));
    expect(row?.messageId).toBe(result.messageId);
    // Baileys' getMessage (retry requests) reads it back.
    const again = await socket.config.getMessage!({ remoteJid: call.args[0] as string, id: result.messageId, fromMe: true });
    expect(again?.extendedTextMessage?.text).toBe("Chega amanhã");
    await session.stop();
  });

  it("sends every outgoing content type in Baileys' shape", async () => {
    const { session, fake } = await connected();
    const data = Buffer.from("bytes");
    await session.send(maria, { type: "image", data, mimetype: "image/png", caption: "foto" });
    await session.send(maria, { type: "audio", data, mimetype: "audio/ogg; codecs=opus", voice: true });
    await session.send(maria, { type: "video", data, mimetype: "video/mp4" });
    await session.send(maria, { type: "document", data, mimetype: "application/pdf", fileName: "a.pdf", caption: "doc" });
    await session.send(maria, { type: "location", latitude: -23.5, longitude: -46.6, name: "Loja" });
    await session.send({ kind: "group", id: GROUP.id }, { type: "contact", displayName: "Maria", vcard: "BEGIN:VCARD\nEND:VCARD" });
    const sends = fake.latest().calls.filter((c) => c.op === "sendMessage").map((c) => [c.args[0], c.args[1]]);
    expect(sends).toEqual([
      [`${MARIA.number}@s.whatsapp.net`, { image: data, mimetype: "image/png", caption: "foto" }],
      [`${MARIA.number}@s.whatsapp.net`, { audio: data, mimetype: "audio/ogg; codecs=opus", ptt: true }],
      [`${MARIA.number}@s.whatsapp.net`, { video: data, mimetype: "video/mp4" }],
      [`${MARIA.number}@s.whatsapp.net`, { document: data, mimetype: "application/pdf", fileName: "a.pdf", caption: "doc" }],
      [`${MARIA.number}@s.whatsapp.net`, { location: { degreesLatitude: -23.5, degreesLongitude: -46.6, name: "Loja" } }],
      [`${GROUP.id}@g.us`, { contacts: { displayName: "Maria", contacts: [{ displayName: "Maria", vcard: "BEGIN:VCARD\nEND:VCARD" }] } }],
    ]);
    await session.stop();
  });

  it("sends to a LID when the number is unknown, and refuses a malformed address", async () => {
    const { session, fake } = await connected();
    await session.send({ kind: "user", lid: JOAO.lid }, { type: "text", body: "oi" });
    expect(fake.latest().calls.at(-1)?.args[0]).toBe(`${JOAO.lid}@lid`);
    await expect(session.send({ kind: "user" }, { type: "text", body: "x" })).rejects.toMatchObject({ code: "ERR_WAPP_INVALID_CONTACT" });
    await expect(session.send({ kind: "group", id: "../x" }, { type: "text", body: "x" })).rejects.toMatchObject({ code: "ERR_WAPP_INVALID_CONTACT" });
    await session.stop();
  });

  it("react, edit, delete and mark read use the original key (a group member's participant included)", async () => {
    const { session, fake } = await connected();
    const socket = fake.latest();
    socket.emit("messages.upsert", { type: "notify", messages: [m.groupText] });
    await settle();
    const group = { kind: "group", id: GROUP.id } as const;
    await session.react(group, m.groupText.key.id!, "🙏", false);
    await session.markRead(group, [m.groupText.key.id!]);
    const ours = await session.send(maria, { type: "text", body: "valor errado" });
    await session.edit(maria, ours.messageId, "valor certo");
    await session.delete(maria, ours.messageId, true);
    const sends = socket.calls.filter((c) => c.op === "sendMessage" || c.op === "readMessages").map((c) => c.args.slice(0, 2));
    const groupKey = { remoteJid: `${GROUP.id}@g.us`, id: m.groupText.key.id, fromMe: false, participant: m.groupText.key.participant };
    const oursKey = { remoteJid: `${MARIA.number}@s.whatsapp.net`, id: ours.messageId, fromMe: true };
    expect(sends).toEqual([
      [`${GROUP.id}@g.us`, { react: { text: "🙏", key: groupKey } }],
      [[groupKey]],
      [`${MARIA.number}@s.whatsapp.net`, { text: "valor errado" }],
      [`${MARIA.number}@s.whatsapp.net`, { text: "valor certo", edit: oursKey }],
      [`${MARIA.number}@s.whatsapp.net`, { delete: oursKey }],
    ]);
    await expect(session.delete(maria, "someone-elses", false)).rejects.toMatchObject({ code: "ERR_DELETE_WAPP_MSG" });
    await session.stop();
  });

  it("presence, number check (with the LID) and group info", async () => {
    const { session, fake } = await connected();
    const socket = fake.latest();
    await session.sendPresence(maria, "composing");
    expect(socket.calls.at(-1)).toEqual({ op: "sendPresenceUpdate", args: ["composing", `${MARIA.number}@s.whatsapp.net`] });

    socket.numbers.set("5531988887777@s.whatsapp.net", { jid: "553188887777@s.whatsapp.net", lid: `${JOAO.lid}@lid` });
    expect(await session.checkNumber("5531988887777")).toEqual({ exists: true, number: "553188887777", lid: JOAO.lid });
    expect(await session.checkNumber("5511900000000")).toEqual({ exists: false });
    await expect(session.checkNumber("not a number")).rejects.toMatchObject({ code: "ERR_WAPP_INVALID_CONTACT" });

    socket.groups.set(`${GROUP.id}@g.us`, {
      id: `${GROUP.id}@g.us`,
      subject: "Entregas",
      owner: undefined,
      participants: [
        { id: `${JOAO.lid}@lid`, phoneNumber: `${JOAO.number}@s.whatsapp.net`, admin: null },
        { id: `${MARIA.number}@s.whatsapp.net`, lid: `${MARIA.lid}@lid`, admin: "admin" },
      ],
    });
    expect(await session.groupInfo(GROUP.id)).toEqual({
      id: GROUP.id,
      subject: "Entregas",
      participants: [
        { number: JOAO.number, lid: JOAO.lid },
        { number: MARIA.number, lid: MARIA.lid },
      ],
    });
    // What was fetched serves Baileys' group sends without asking WhatsApp again.
    expect((await socket.config.cachedGroupMetadata!(`${GROUP.id}@g.us`))?.subject).toBe("Entregas");
    await expect(session.groupInfo("999")).rejects.toMatchObject({ code: "ERR_WAPP_INVALID_CONTACT" });
    await session.stop();
  });

  it("maps Baileys failures to provider errors", async () => {
    const { session, fake } = await connected();
    const socket = fake.latest();
    socket.failNext = boom("Connection Closed", DisconnectReason.connectionClosed);
    await expect(session.send(maria, { type: "text", body: "x" })).rejects.toMatchObject({ code: "ERR_WAPP_NOT_INITIALIZED", retryable: true });
    socket.failNext = new Error("something odd");
    await expect(session.send(maria, { type: "text", body: "x" })).rejects.toMatchObject({ code: "ERR_SENDING_WAPP_MSG", retryable: false });
    socket.failNext = boom("rate-overlimit", 429);
    await expect(session.sendPresence(maria, "paused")).rejects.toMatchObject({ code: "ERR_SENDING_WAPP_MSG", retryable: true });
    await session.stop();
  });

  it("downloads media through downloadMediaMessage with the stored WAMessage", async () => {
    const seen: WAMessage[] = [];
    const download = (async (msg: WAMessage) => {
      seen.push(msg);
      return Buffer.from("jpeg bytes");
    }) as unknown as BaileysSessionOptions["download"];
    const { session, fake, events } = await connected({ download });
    fake.latest().emit("messages.upsert", { type: "notify", messages: [m.image] });
    await settle();
    const image = events.find((e) => e.type === "message")!;
    if (image.type !== "message" || image.message.content.type !== "image") throw new Error("expected an image");
    // As if the ref had been stored as JSON and read back.
    const media = JSON.parse(JSON.stringify(image.message.content.media));
    expect((await session.downloadMedia(media)).toString()).toBe("jpeg bytes");
    expect(seen[0]?.key.id).toBe(m.image.key.id);
    expect(Buffer.from(seen[0]!.message!.imageMessage!.mediaKey!)).toEqual(Buffer.from(m.image.message!.imageMessage!.mediaKey!));
    await expect(session.downloadMedia({ provider: "simulator", ref: 1 })).rejects.toMatchObject({ code: "ERR_WAPP_DOWNLOAD_MEDIA" });
    await session.stop();
  });
});


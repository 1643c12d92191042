import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { io, type Socket } from "socket.io-client";
import { companyEvent, SERVER_EVENTS } from "@atendo/shared";
import type { Database } from "../db/client.js";
import { createTestApp, createTestDatabase, type TestApp } from "../test/helpers.js";
import { listen, nextEvent } from "../test/socket-client.js";
import { conversationFixture } from "../messages/test-support.js";

let database: Database;
let app: TestApp;
let url: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp(database);
  url = await listen(app);
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await app.close();
  await database.close();
});

type AppMessageEvent = { action: string; message: { id: number; body: string; fromMe: boolean; ticketId: number } };

/**
 * The spec's web client, as it talks to the server: the access token in the handshake query (`token`), its rooms
 * joined only once the server says `ready`, without acknowledgements, and `read: 1` in the message it sends.
 */
describe("the spec's client", () => {
  it("connects with the token in the query, joins after ready and gets new messages live", async () => {
    const fx = await conversationFixture(app, database, "5511990007001");
    const token = fx.asAgent.authorization.replace(/^Bearer /, "");
    const socket = io(url, { transports: ["websocket"], query: { token }, reconnection: false, forceNew: true });
    sockets.push(socket);
    await nextEvent(socket, SERVER_EVENTS.ready);
    socket.emit("joinChatBox", `${fx.ticket.id}`);
    socket.emit("joinNotification");
    socket.emit("joinTickets", "open");

    // The customer writes: the message arrives on the socket.
    const customerMessage = nextEvent<AppMessageEvent>(socket, companyEvent.appMessage(fx.company.id), 10_000);
    const sent = await fx.simulator("POST", "/chats/5511990007001/messages", { type: "text", body: "Olá, preciso de ajuda" });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(await customerMessage).toMatchObject({ action: "create", message: { body: "Olá, preciso de ajuda", fromMe: false, ticketId: fx.ticket.id } });

    // The agent answers with the payload exactly as the spec's client sends it.
    const ownMessage = nextEvent<AppMessageEvent>(socket, companyEvent.appMessage(fx.company.id), 10_000);
    const res = await app.inject({
      method: "POST",
      url: `/messages/${fx.ticket.id}`,
      headers: fx.asAgent,
      payload: { read: 1, fromMe: true, mediaUrl: "", body: "Claro, como posso ajudar?", quotedMsg: null },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await ownMessage).toMatchObject({ action: "create", message: { body: "Claro, como posso ajudar?", fromMe: true } });
  });

  it("still refuses a query token that is not a valid session", async () => {
    const socket = io(url, { transports: ["websocket"], query: { token: "forged" }, reconnection: false, forceNew: true });
    sockets.push(socket);
    const err = await new Promise<Error>((resolve) => socket.once("connect_error", resolve));
    expect(err.message).toBe("ERR_SESSION_EXPIRED");
  });
});

describe("booleans as the spec's client spells them", () => {
  it("accepts read 0/1 and \"true\"/\"false\" on sending and editing, and refuses other values", async () => {
    const fx = await conversationFixture(app, database, "5511990007002");
    for (const read of [1, 0, "true", "false"]) {
      const res = await app.inject({ method: "POST", url: `/messages/${fx.ticket.id}`, headers: fx.asAgent, payload: { read, fromMe: true, mediaUrl: "", body: `read ${String(read)}` } });
      expect(res.statusCode, res.body).toBe(201);
    }
    const sent = await fx.say("Para editar");
    const edit = await app.inject({ method: "POST", url: `/messages/edit/${sent.id}`, headers: fx.asAgent, payload: { read: 1, fromMe: 1, mediaUrl: "", body: "Editada", quotedMsg: null } });
    expect(edit.statusCode, edit.body).toBe(200);
    const bad = await app.inject({ method: "POST", url: `/messages/${fx.ticket.id}`, headers: fx.asAgent, payload: { read: 2, body: "x" } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: "ERR_VALIDATION" });
  });
});

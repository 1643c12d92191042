import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Socket } from "socket.io-client";
import { chatEvent, type ChatEventPayload } from "@atendo/shared";
import type { Database } from "../db/client.js";
import { createTestApp, createTestDatabase, type TestApp } from "../test/helpers.js";
import { connectSocket, connected, listen, nextEvent } from "../test/socket-client.js";
import { chatApi, chatCompany } from "./test-support.js";

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
  for (const socket of sockets) socket.disconnect();
  await app.close();
  await database.close();
});

/** A connected socket that records every event it receives. */
async function watch(token: string) {
  const socket = connectSocket(url, token);
  sockets.push(socket);
  const seen: { event: string; payload: unknown }[] = [];
  socket.onAny((event: string, payload: unknown) => seen.push({ event, payload }));
  await connected(socket);
  return { socket, seen };
}

describe("chat events", () => {
  it("reach exactly the chat's members", async () => {
    const api = chatApi(app);
    const { company, member } = await chatCompany(app, database);
    const [owner, guest, outsider] = [await member(), await member(), await member("admin")];
    const other = await chatCompany(app, database);
    const stranger = await other.member("admin");
    const ownerSocket = await watch(owner.token);
    const guestSocket = await watch(guest.token);
    const outsiderSocket = await watch(outsider.token);
    const strangerSocket = await watch(stranger.token);
    const c = company.id;

    const created = nextEvent<ChatEventPayload>(guestSocket.socket, chatEvent.user(c, guest.user.id));
    const chat = (await api.create(owner.token, { title: "Só nós", users: [guest.user.id] })).json();
    expect(await created).toEqual({ action: "create", chat });

    const toGuest = nextEvent<ChatEventPayload>(guestSocket.socket, chatEvent.company(c));
    const toOpenChat = nextEvent<ChatEventPayload>(guestSocket.socket, chatEvent.chat(c, chat.id));
    const toOwner = nextEvent<ChatEventPayload>(ownerSocket.socket, chatEvent.chat(c, chat.id));
    const sent = (await api.send(owner.token, chat.id, "Olá, só para você")).json();
    for (const payload of [await toGuest, await toOpenChat, await toOwner]) {
      expect(payload).toMatchObject({ action: "new-message", newMessage: sent, chat: { id: chat.id, lastMessage: "Olá, só para você" } });
    }

    const deleted = nextEvent<ChatEventPayload>(guestSocket.socket, chatEvent.company(c));
    await api.remove(owner.token, chat.id);
    expect(await deleted).toEqual({ action: "delete", chatId: chat.id });

    // Give stray emissions time to arrive, then check that no non-member heard of the chat.
    await new Promise((r) => setTimeout(r, 300));
    for (const { seen } of [outsiderSocket, strangerSocket]) {
      expect(seen.filter((e) => e.event.includes("-chat"))).toEqual([]);
      expect(JSON.stringify(seen)).not.toContain("Só nós");
    }
  });
});

import { randomBytes, randomInt } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pino from "pino";
import { afterAll, beforeAll } from "vitest";
import type { Database } from "../../db/client.js";
import { whatsapps } from "../../db/schema.js";
import { createFileStorage } from "../../storage/file-storage.js";
import { createCompany, createTestDatabase, testConfig } from "../../test/helpers.js";
import { runProviderContract, type ContractAction, type ContractSession } from "../contract/provider-contract.js";
import type { ProviderEvent } from "../provider.js";
import type { ProviderDeps } from "../sessions/providers.js";
import { createSimulatorContact } from "./create-simulator-contact.js";
import type { SimulatorDeps } from "./find-simulator-connection.js";
import { playSimulatorAudio, readSimulatorChat } from "./read-simulator-chat.js";
import { sendCustomerMessage, type CustomerMessageInput } from "./send-customer-message.js";
import { createSimulatorSession } from "./simulator-session.js";
import { writeSimulatorLogin } from "./simulator-store.js";

/**
 * The provider contract against the real simulator session: customers act through the same services the simulator
 * API uses, and the session's normalised events are collected as the session manager would receive them.
 */
let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const timing = { connectMs: 5, sentAckMs: 10, deliveredAckMs: 30 };

async function openSimulator(): Promise<ContractSession> {
  const db = database.db;
  const company = await createCompany(db);
  const [connection] = await db
    .insert(whatsapps)
    .values({ companyId: company.id, name: `Contract ${randomBytes(3).toString("hex")}`, provider: "simulator" })
    .returning();
  const whatsappId = connection!.id;
  await writeSimulatorLogin(db, whatsappId);
  const storage = createFileStorage(mkdtempSync(path.join(tmpdir(), "atendo-contract-")));
  const realtime = { toAdmins: () => undefined, toCompany: () => undefined, toRooms: () => undefined };
  const providerDeps: ProviderDeps = { db, storage, realtime, logger: pino({ level: "silent" }), config: testConfig() };
  const events: ProviderEvent[] = [];
  const session = createSimulatorSession({ companyId: company.id, whatsappId, onEvent: async (e) => void events.push(e) }, providerDeps, timing);
  const deps: SimulatorDeps = { db, storage, realtime, simulate: (_id, action) => session.simulate(action) };

  await session.start();
  const end = Date.now() + 2_000;
  while (!events.some((e) => e.type === "connection" && e.status === "CONNECTED")) {
    if (Date.now() > end) throw new Error("the simulator did not connect");
    await new Promise((r) => setTimeout(r, 5));
  }

  const send = (chat: string, input: CustomerMessageInput) => sendCustomerMessage(deps, company.id, whatsappId, chat, input);
  const inject = async (action: ContractAction): Promise<{ messageId?: string }> => {
    const chatOf = (a: { from: { number: string }; group?: { id: string } }) => a.group?.id ?? a.from.number;
    const author = (a: { from: { number: string }; group?: unknown }) => (a.group ? a.from.number : undefined);
    switch (action.kind) {
      case "text":
        return { messageId: (await send(chatOf(action), { type: "text", body: action.body, quotedId: action.quotedId, author: author(action) }))?.messageId };
      case "media":
        return {
          messageId: (
            await send(chatOf(action), {
              type: "media",
              mediaType: action.mediaType,
              fileName: action.fileName,
              mimetype: action.mimetype,
              data: action.data,
              caption: action.caption,
              voice: action.voice,
              author: author(action),
            })
          )?.messageId,
        };
      case "location":
        return { messageId: (await send(chatOf(action), { type: "location", latitude: action.latitude, longitude: action.longitude, name: action.name, author: author(action) }))?.messageId };
      case "contact":
        return { messageId: (await send(chatOf(action), { type: "contact", displayName: action.displayName, vcard: action.vcard, author: author(action) }))?.messageId };
      case "reaction":
        await send(chatOf(action), { type: "reaction", messageId: action.messageId, emoji: action.emoji, author: author(action) });
        return {};
      case "presence":
        await send(chatOf(action), { type: "presence", presence: action.presence, author: author(action) });
        return {};
      case "edit":
        await send(chatOf(action), { type: "edit", messageId: action.messageId, body: action.body });
        return {};
      case "revoke":
        await send(chatOf(action), { type: "revoke", messageId: action.messageId });
        return {};
      case "own":
        return { messageId: (await send(action.to.number, { type: "text", body: action.body, fromMe: true }))?.messageId };
      case "receipt":
        // Delivery happens by itself on the virtual network; reading and playing are the customer's doing.
        if (action.receipt === "read") await readSimulatorChat(deps, company.id, whatsappId, action.from.number);
        if (action.receipt === "played") await playSimulatorAudio(deps, company.id, whatsappId, action.from.number, { messageId: action.messageId });
        return {};
    }
  };

  return {
    capabilities: session.capabilities,
    events,
    async customer(name) {
      const number = `55119${randomInt(10_000_000, 99_999_999)}`;
      await createSimulatorContact(deps, company.id, whatsappId, { name, number });
      return { name, number };
    },
    async group(subject, members) {
      const group = await createSimulatorContact(deps, company.id, whatsappId, { name: subject, isGroup: true, members: members.map((m) => m.number) });
      return { id: group.number, subject, members };
    },
    inject,
    async send(to, content) {
      return (await session.send({ kind: "user", number: to.number }, content)).messageId;
    },
    downloadMedia: (media) => session.downloadMedia(media),
    close: () => session.stop(),
  };
}

runProviderContract({ name: "simulator", open: openSimulator });

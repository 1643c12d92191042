import { randomInt } from "node:crypto";
import pino from "pino";
import { afterAll, beforeAll, expect } from "vitest";
import type { Database } from "../../db/client.js";
import { createOutbound } from "../../outbound/outbound.js";
import { createFileStorage } from "../../storage/file-storage.js";
import { inboundMessage, startFakeGraphApi, statusUpdate, type FakeGraphApi } from "../../test/fakes/graph-api.js";
import { createCompany, createTestDatabase, testConfig } from "../../test/helpers.js";
import { runProviderContract, type ContractAction, type ContractSession } from "../contract/provider-contract.js";
import type { ProviderEvent } from "../provider.js";
import type { ProviderDeps } from "../sessions/providers.js";
import { createCloudApiSession } from "./cloudapi-session.js";
import { insertCloudConnection } from "./test-support.js";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/**
 * The provider contract against the Cloud API session and a local Graph API: customers' actions are Meta's webhook
 * payloads handed to the session (the route that checks their signature has its own tests), our sends and media go
 * over HTTP to the fake.
 */
let database: Database;
let graph: FakeGraphApi;
beforeAll(async () => {
  database = await createTestDatabase();
  graph = await startFakeGraphApi();
});
afterAll(async () => {
  await graph.close();
  await database.close();
});

async function openCloudApi(): Promise<ContractSession> {
  const db = database.db;
  const company = await createCompany(db);
  const phone = graph.addPhone();
  const { row } = await insertCloudConnection(db, company.id, phone);
  const config = testConfig({ whatsappCloudApiUrl: graph.url, whatsappCloudApiVersion: graph.version });
  const providerDeps: ProviderDeps = {
    db,
    storage: createFileStorage(mkdtempSync(path.join(tmpdir(), "atendo-cloud-contract-"))),
    realtime: { toAdmins: () => undefined, toCompany: () => undefined, toRooms: () => undefined },
    logger: pino({ level: "silent" }),
    config,
    outbound: createOutbound(config),
  };
  const events: ProviderEvent[] = [];
  const session = createCloudApiSession({ companyId: company.id, whatsappId: row.id, onEvent: async (e) => void events.push(e) }, providerDeps, { rateLimitRetryMs: [5, 5], timeoutMs: 30_000 });
  await session.start();
  expect(events.some((e) => e.type === "connection" && e.status === "CONNECTED")).toBe(true);

  const deliver = async (payload: unknown) => {
    await session.cloudWebhook(payload as never);
  };
  const customerOf = (c: { name: string; number: string }) => ({ name: c.name, waId: c.number });

  const inject = async (action: ContractAction): Promise<{ messageId?: string }> => {
    switch (action.kind) {
      case "text": {
        const m = inboundMessage(phone, customerOf(action.from), { type: "text", text: { body: action.body } }, action.quotedId ? { context: { id: action.quotedId } } : {});
        await deliver(m.payload);
        return { messageId: m.id };
      }
      case "media": {
        const mediaId = graph.putMedia(action.data, action.mimetype);
        const media: Record<string, unknown> = { id: mediaId, mime_type: action.mimetype, sha256: "x" };
        if (action.caption) media.caption = action.caption;
        if (action.mediaType === "document") media.filename = action.fileName;
        if (action.mediaType === "audio") media.voice = action.voice === true;
        const m = inboundMessage(phone, customerOf(action.from), { type: action.mediaType, [action.mediaType]: media });
        await deliver(m.payload);
        return { messageId: m.id };
      }
      case "location": {
        const m = inboundMessage(phone, customerOf(action.from), { type: "location", location: { latitude: action.latitude, longitude: action.longitude, ...(action.name ? { name: action.name } : {}) } });
        await deliver(m.payload);
        return { messageId: m.id };
      }
      case "contact": {
        const waId = /waid=(\d+)/.exec(action.vcard)?.[1];
        const m = inboundMessage(phone, customerOf(action.from), {
          type: "contacts",
          contacts: [{ name: { formatted_name: action.displayName, first_name: action.displayName.split(" ")[0] }, phones: [{ phone: `+${waId}`, wa_id: waId, type: "CELL" }] }],
        });
        await deliver(m.payload);
        return { messageId: m.id };
      }
      case "reaction": {
        const m = inboundMessage(phone, customerOf(action.from), { type: "reaction", reaction: { message_id: action.messageId, ...(action.emoji ? { emoji: action.emoji } : {}) } });
        await deliver(m.payload);
        return {};
      }
      case "receipt":
        if (action.receipt === "played") throw new Error("the Cloud API reports no played status");
        await deliver(statusUpdate(phone, action.messageId, action.from.number, action.receipt));
        return {};
      default:
        throw new Error(`the Cloud API cannot ${action.kind}`);
    }
  };

  return {
    capabilities: session.capabilities,
    events,
    async customer(name) {
      return { name, number: `55119${randomInt(10_000_000, 99_999_999)}` };
    },
    async group() {
      throw new Error("the Cloud API has no groups");
    },
    inject,
    async send(to, content) {
      const id = (await session.send({ kind: "user", number: to.number }, content)).messageId;
      expect(graph.sent.some((s) => s.messageId === id && s.body.to === to.number)).toBe(true);
      return id;
    },
    downloadMedia: (media) => session.downloadMedia(media),
    close: () => session.stop(),
  };
}

runProviderContract({
  name: "cloudapi",
  open: openCloudApi,
  unsupported: {
    presence: "Meta's webhooks do not report the customer typing",
    own: "messages written in another app of the number are not reported",
    "edit-revoke": "edits and deletions by the customer are not reported; ours cannot be made",
    group: "the Cloud API does not serve groups here",
    played: "Meta reports read, never played",
  },
});

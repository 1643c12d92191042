import { eq } from "drizzle-orm";
import { whatsapps } from "../../db/schema.js";
import { inCompany } from "../../db/tenant.js";
import { createOutbound } from "../../outbound/outbound.js";
import {
  ProviderError,
  type ChatRef,
  type MediaRef,
  type OutgoingContent,
  type ProviderCapabilities,
  type ProviderEvent,
  type SessionContext,
  type WhatsAppSession,
} from "../provider.js";
import { chatKeysOf, createPerChatQueue } from "../sessions/per-chat-queue.js";
import type { ProviderDeps } from "../sessions/providers.js";
import { openCloudSecret } from "./cloud-secrets.js";
import { createGraphClient, GraphApiError, type GraphClient } from "./graph-client.js";
import { CLOUD_PROVIDER, mapCloudWebhook, type CloudMediaRef, type CloudWebhookPayload } from "./map-webhook.js";
import { createCloudInboxSweeper, pendingCloudDeliveries } from "./cloud-webhook-inbox.js";

/**
 * What the Cloud API cannot do: edit or delete for everyone, groups, the customer's presence, a number check before
 * the first message, QR or pairing codes. Screens hide these; templates are what it adds.
 */
export const CLOUD_API_CAPABILITIES: ProviderCapabilities = {
  qr: false,
  pairingCode: false,
  edit: false,
  delete: false,
  forward: true,
  presence: false,
  groups: false,
  numberCheck: false,
  templates: true,
  readReceipts: true,
};

export interface CloudApiTiming {
  /** Waits before each retry of a rate-limited send (429, 130429, 131056), in the session so the chat keeps its order. */
  rateLimitRetryMs: number[];
  timeoutMs?: number;
}

export const DEFAULT_CLOUD_API_TIMING: CloudApiTiming = { rateLimitRetryMs: [1_000, 3_000, 9_000] };

export interface CloudApiSession extends WhatsAppSession {
  /**
   * A signed webhook delivery (already checked by the route): its events are queued per chat; answers how many. With
   * `inboxId` (the delivery as stored in the inbox), the stored copy is deleted once every event is ingested.
   */
  cloudWebhook(payload: CloudWebhookPayload, inboxId?: number): Promise<number>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function digits(value: string): string {
  return value.replace(/\D/g, "");
}

/** The phone of a vCard (waid first), for the contacts message. */
function vcardPhones(vcard: string): { phone: string; wa_id?: string; type: string }[] {
  const phones: { phone: string; wa_id?: string; type: string }[] = [];
  for (const line of vcard.split(/\r?\n/)) {
    if (!/^TEL/i.test(line)) continue;
    const waid = /waid=(\d+)/i.exec(line)?.[1];
    const phone = line.slice(line.indexOf(":") + 1).trim();
    phones.push({ phone: phone || waid || "", ...(waid ? { wa_id: waid } : {}), type: "CELL" });
  }
  return phones;
}

function notSupported(what: string): never {
  throw new ProviderError("ERR_NOT_SUPPORTED", `the WhatsApp Cloud API cannot ${what}`);
}

/**
 * The session of a "cloudapi" connection. There is no socket: the session checks the credentials against the Graph
 * API at start (the number's name and quality rating go on the card), receives the webhooks the route hands it, and
 * sends through the Graph API. CONNECTED once the credentials work and Meta verified the webhook; OPENING while the
 * webhook waits for verification; DISCONNECTED with the reason on the card when the token is refused (190).
 */
export function createCloudApiSession(ctx: SessionContext, deps: ProviderDeps, timing: CloudApiTiming = DEFAULT_CLOUD_API_TIMING): CloudApiSession {
  const { companyId, whatsappId } = ctx;
  const { db, config } = deps;
  const log = deps.logger.child({ module: "cloudapi", whatsappId });
  const outbound = deps.outbound ?? createOutbound(config);
  const chats = createPerChatQueue();
  /** The customer's last message per number: Meta's typing indicator and read receipt name a message. */
  const lastInbound = new Map<string, string>();
  let graph: GraphClient | undefined;
  let phoneNumberId = "";
  let stopped = false;
  const inbox = createCloudInboxSweeper(db, (err) => log.error({ err }, "Cloud API inbox: ingested deliveries not deleted"));

  /** Queues a delivery's events per chat (not awaited: the webhook answers at once) and clears its inbox copy after. */
  function accept(payload: CloudWebhookPayload, inboxId: number | undefined): number {
    const events = mapCloudWebhook(payload, phoneNumberId);
    // An event reached after a stop is not ingested: the delivery then stays in the inbox too.
    let skipped = false;
    const handled = events.map((event) => {
      if (event.type === "message" && event.message.chat.kind === "user" && event.message.chat.number) lastInbound.set(event.message.chat.number, event.message.id);
      return chats.run(chatKeysOf(event), async () => {
        if (stopped) skipped = true;
        else await ctx.onEvent(event);
      });
    });
    void Promise.allSettled(handled).then((results) => {
      const failed = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
      for (const f of failed) log.error({ err: f.reason, inboxId }, "Cloud API webhook event not ingested; kept for the next start");
      // A delivery with a failed event stays in the inbox: the next start replays it (the ingested events dedupe).
      if (failed.length === 0 && !skipped && inboxId !== undefined) inbox.done(inboxId);
    });
    return events.length;
  }

  async function writeReason(reason: string | null, extra: Partial<typeof whatsapps.$inferInsert> = {}): Promise<void> {
    await db
      .update(whatsapps)
      .set({ statusReason: reason, ...extra })
      .where(inCompany(whatsapps, companyId, eq(whatsapps.id, whatsappId)));
  }

  async function emit(event: ProviderEvent): Promise<void> {
    if (!stopped) await ctx.onEvent(event);
  }

  /** The token was refused: the card shows why, and the connection stops until an admin saves a new token. */
  async function tokenRefused(err: GraphApiError): Promise<void> {
    const reason = `${err.code}: ${err.message}`;
    await writeReason(reason);
    await emit({ type: "connection", status: "DISCONNECTED", reason });
  }

  function client(): GraphClient {
    if (!graph || stopped) throw new ProviderError("ERR_WAPP_NOT_INITIALIZED", "the Cloud API connection is not started");
    return graph;
  }

  /** Graph errors as provider errors; a refused token also disconnects. */
  async function graphCall<T>(what: string, fn: (g: GraphClient) => Promise<T>, code: "ERR_SENDING_WAPP_MSG" | "ERR_WAPP_DOWNLOAD_MEDIA" = "ERR_SENDING_WAPP_MSG"): Promise<T> {
    const g = client();
    for (let attempt = 0; ; attempt++) {
      try {
        return await fn(g);
      } catch (err) {
        if (!(err instanceof GraphApiError)) throw err;
        if (err.tokenInvalid) {
          await tokenRefused(err);
          throw new ProviderError("ERR_WAPP_NOT_INITIALIZED", `${what}: ${err.code}: ${err.message}`);
        }
        // Rate limited: wait here, holding the chat's place, so later messages of the chat do not overtake it.
        if (err.rateLimited && attempt < timing.rateLimitRetryMs.length && !stopped) {
          log.info({ code: err.code, attempt }, "Cloud API rate limit; retrying");
          await sleep(timing.rateLimitRetryMs[attempt]!);
          continue;
        }
        throw new ProviderError(code, `${what}: ${err.code}: ${err.message}`, err.rateLimited || err.transient);
      }
    }
  }

  function recipient(chat: ChatRef): string {
    if (chat.kind !== "user" || !chat.number) notSupported("write to groups or to a person without a number");
    return chat.number;
  }

  async function messageBody(content: OutgoingContent): Promise<Record<string, unknown>> {
    switch (content.type) {
      case "text":
        return { type: "text", text: { preview_url: /https?:\/\//i.test(content.body), body: content.body } };
      case "image":
      case "video":
      case "audio":
      case "document": {
        const fileName = content.fileName ?? `${content.type}`;
        const id = await graphCall("upload media", (g) => g.uploadMedia(phoneNumberId, content.data, content.mimetype.split(";")[0]!.trim(), fileName));
        const media: Record<string, unknown> = { id };
        if (content.caption && content.type !== "audio") media.caption = content.caption;
        if (content.type === "document") media.filename = fileName;
        return { type: content.type, [content.type]: media };
      }
      case "location":
        return {
          type: "location",
          location: { latitude: content.latitude, longitude: content.longitude, ...(content.name ? { name: content.name } : {}), ...(content.address ? { address: content.address } : {}) },
        };
      case "contact":
        return { type: "contacts", contacts: [{ name: { formatted_name: content.displayName, first_name: content.displayName }, phones: vcardPhones(content.vcard) }] };
      case "template":
        // Meta's template object: positional body parameters as text; no components when the body takes none.
        return {
          type: "template",
          template: {
            name: content.name,
            language: { code: content.language },
            ...(content.parameters.length ? { components: [{ type: "body", parameters: content.parameters.map((text) => ({ type: "text", text })) }] } : {}),
          },
        };
    }
  }

  return {
    capabilities: CLOUD_API_CAPABILITIES,

    async start() {
      stopped = false;
      const [row] = await db.select().from(whatsapps).where(inCompany(whatsapps, companyId, eq(whatsapps.id, whatsappId)));
      if (!row) throw new ProviderError("ERR_WAPP_NOT_INITIALIZED", "connection not found");
      if (!row.cloudPhoneNumberId || !row.cloudAccessToken) {
        await writeReason("the phone number id and the access token are required");
        throw new ProviderError("ERR_WAPP_NOT_INITIALIZED", "the phone number id and the access token are required");
      }
      phoneNumberId = row.cloudPhoneNumberId;
      graph = createGraphClient({
        fetch: outbound.fetch,
        baseUrl: config.whatsappCloudApiUrl ?? "https://graph.facebook.com",
        version: config.whatsappCloudApiVersion ?? "v23.0",
        accessToken: openCloudSecret(config.whatsappEncryptionKey, companyId, "token", row.cloudAccessToken),
        timeoutMs: timing.timeoutMs,
      });
      await emit({ type: "connection", status: "OPENING" });
      let info;
      try {
        info = await graph.phoneNumber(phoneNumberId);
      } catch (err) {
        if (!(err instanceof GraphApiError)) throw err;
        // A wrong token or id is an error on the card, never a silent DISCONNECTED.
        // The session manager writes this message as the card's reason too: the same words.
        const reason = `${err.code}: ${err.message}`;
        await writeReason(reason);
        throw new ProviderError("ERR_WAPP_NOT_INITIALIZED", reason, err.transient);
      }
      await writeReason(null, { cloudDisplayName: info.verified_name ?? null, cloudQualityRating: info.quality_rating ?? null });
      const number = digits(info.display_phone_number ?? "");
      await emit({ type: "connection", status: row.cloudWebhookVerifiedAt ? "CONNECTED" : "OPENING", ...(number ? { number } : {}) });
      // What a crash (here or where the session ran before) left between Meta's 200 and ingestion.
      for (const delivery of await pendingCloudDeliveries(db, whatsappId)) accept(delivery.payload, delivery.id);
    },

    async stop() {
      stopped = true;
      await chats.idle();
      await inbox.flush();
    },

    async logout() {
      // Nothing to log out of at Meta: the token stays the admin's; the session only stops.
      stopped = true;
    },

    requestPairingCode: async () => notSupported("pair with a code"),

    async cloudWebhook(payload, inboxId) {
      if (stopped) throw new ProviderError("ERR_WAPP_NOT_INITIALIZED", "the Cloud API connection is not started");
      return accept(payload, inboxId);
    },

    async send(chat, content, opts = {}) {
      const to = recipient(chat);
      return chats.run([`send:${to}`], async () => {
        const body = await messageBody(content);
        const sent = await graphCall("send", (g) => g.sendMessage(phoneNumberId, { to, ...body, ...(opts.quotedId ? { context: { message_id: opts.quotedId } } : {}) }));
        return { messageId: sent.messageId, ack: 1 as const, timestamp: new Date() };
      });
    },

    async react(chat, messageId, emoji) {
      const to = recipient(chat);
      await graphCall("react", (g) => g.sendMessage(phoneNumberId, { to, type: "reaction", reaction: { message_id: messageId, emoji } }));
    },

    edit: async () => notSupported("edit a sent message"),
    delete: async () => notSupported("delete a message for everyone"),

    async markRead(_chat, messageIds) {
      // Marking the latest message read marks the earlier ones read too.
      const last = messageIds[messageIds.length - 1];
      if (last) await graphCall("mark read", (g) => g.markRead(phoneNumberId, last));
    },

    async sendPresence(chat, presence) {
      // Meta's typing indicator (it also marks the customer's last message read); nothing else is offered.
      if (presence !== "composing" || chat.kind !== "user" || !chat.number) return;
      const last = lastInbound.get(chat.number);
      if (last) await graphCall("typing", (g) => g.markRead(phoneNumberId, last, true));
    },

    // No number check before the first message: the send itself tells (a failed status, e.g. 131026).
    checkNumber: async (number) => ({ exists: true, number: digits(number) }),
    groupInfo: async () => notSupported("read groups"),
    listContacts: async () => [],

    async downloadMedia(media: MediaRef) {
      if (media.provider !== CLOUD_PROVIDER) throw new ProviderError("ERR_WAPP_DOWNLOAD_MEDIA", `media of ${media.provider}`);
      const ref = media.ref as CloudMediaRef;
      const info = await graphCall("media", (g) => g.mediaInfo(ref.id), "ERR_WAPP_DOWNLOAD_MEDIA");
      return graphCall("media download", (g) => g.downloadMedia(info.url), "ERR_WAPP_DOWNLOAD_MEDIA");
    },
  };
}

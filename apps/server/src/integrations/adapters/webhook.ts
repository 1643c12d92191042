import { createHmac } from "node:crypto";
import type { ConversationAdapter, ConversationInput, ConversationOutcome, ConversationReply, ConversationTurn } from "../conversation-adapter.js";
import type { OutboundFetch } from "../../outbound/outbound-fetch.js";
import { OutboundError } from "../../outbound/outbound-fetch.js";

/**
 * webhook and n8n: each customer message is POSTed as JSON to the integration's URL (`urlN8N`), signed with
 * `X-Atendo-Signature: sha256=<hex HMAC-SHA256 of the raw body>` under the integration's secret. The answer's texts
 * (and media) go back to the customer. Accepted answers (docs/INTEGRATIONS.md):
 * - `{ "replies": [{ "type": "text", "text": "…" }, { "type": "media", "url": "https://…", "mediaType": "image", "caption": "…" }],
 *   "action": "continue" | "end" | "handover", "note": "…", "state": { … } }`
 * - shorthands: `{ "text": "…" }`, `{ "output": "…" }` (n8n's AI agent), `{ "messages": ["…"] }`, a JSON array of
 *   any of these (n8n's "all items"), a plain-text body, or an empty body / 204 (no reply now: the remote side may
 *   answer later through the external messages API).
 */
export interface WebhookConfig {
  type: "webhook" | "n8n";
  integrationId: number;
  url: string;
  secret: string;
}

export const SIGNATURE_HEADER = "X-Atendo-Signature";

export function signBody(secret: string, rawBody: string): string {
  return `sha256=${createHmac("sha256", secret).update(rawBody).digest("hex")}`;
}

function parseWebhookConfig(raw: Record<string, unknown>): WebhookConfig {
  const type = raw.type === "n8n" ? "n8n" : "webhook";
  return { type, integrationId: Number(raw.id ?? 0), url: String(raw.urlN8N ?? ""), secret: String(raw.webhookSecret ?? "") };
}

async function post(fetch: OutboundFetch, config: WebhookConfig, payload: unknown, signal: AbortSignal): Promise<Response> {
  const raw = JSON.stringify(payload);
  const res = await fetch(config.url, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/plain",
      "user-agent": "Atendo-Integrations/1",
      [SIGNATURE_HEADER]: signBody(config.secret, raw),
    },
    body: raw,
    signal,
  });
  return res;
}

const MEDIA_TYPES = ["image", "audio", "video", "document"] as const;

function repliesOf(item: unknown): ConversationReply[] {
  if (typeof item === "string") return item.trim() ? [{ type: "text", text: item }] : [];
  if (!item || typeof item !== "object") return [];
  const o = item as Record<string, unknown>;
  if (o.type === "media" && typeof o.url === "string") {
    const mediaType = MEDIA_TYPES.includes(o.mediaType as never) ? (o.mediaType as (typeof MEDIA_TYPES)[number]) : "document";
    return [{ type: "media", url: o.url, mediaType, ...(typeof o.caption === "string" ? { caption: o.caption } : {}), ...(typeof o.fileName === "string" ? { fileName: o.fileName } : {}) }];
  }
  if (o.type === "delay" && typeof o.ms === "number") return [{ type: "delay", ms: Math.min(Math.max(0, o.ms), 60_000) }];
  const out: ConversationReply[] = [];
  if (Array.isArray(o.replies)) for (const r of o.replies) out.push(...repliesOf(r));
  if (Array.isArray(o.messages)) for (const r of o.messages) out.push(...repliesOf(r));
  for (const key of ["text", "output", "message"] as const) {
    if (typeof o[key] === "string" && (o[key] as string).trim()) out.push({ type: "text", text: o[key] as string });
  }
  return out;
}

function outcomeOf(body: unknown): ConversationOutcome {
  const o = (Array.isArray(body) ? body.find((x) => x && typeof x === "object" && "action" in x) : body) as Record<string, unknown> | undefined;
  const note = typeof o?.note === "string" ? o.note : undefined;
  if (o?.action === "end") return { kind: "end", ...(note ? { note } : {}) };
  if (o?.action === "handover") return { kind: "handover", note: note ?? "" };
  return { kind: "continue" };
}

/** Reads the remote answer into replies, outcome and state (see the accepted shapes above). */
export function turnOfResponse(status: number, contentType: string, text: string): ConversationTurn {
  if (status === 204 || !text.trim()) return { replies: [], outcome: { kind: "continue" } };
  let body: unknown = text;
  if (contentType.includes("json") || /^[[{"]/.test(text.trim())) {
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
  }
  const replies = Array.isArray(body) ? body.flatMap(repliesOf) : repliesOf(body);
  const state = body && typeof body === "object" && !Array.isArray(body) && (body as Record<string, unknown>).state;
  return {
    replies,
    outcome: outcomeOf(body),
    ...(state && typeof state === "object" && !Array.isArray(state) ? { state: state as Record<string, unknown> } : {}),
  };
}

/** The JSON each customer message becomes. */
export function webhookPayloadOf(config: WebhookConfig, input: ConversationInput) {
  return {
    event: input.message ? "message" : "start",
    integration: { id: config.integrationId, type: config.type },
    company: { id: input.companyId },
    connection: { id: input.connectionId },
    ticket: { id: input.ticketId, uuid: input.ticketUuid, queueId: input.queueId },
    contact: input.contact,
    message: input.message
      ? { id: input.message.id, text: input.message.text, mediaType: input.message.mediaType, mediaUrl: input.message.mediaUrl }
      : null,
    state: input.state,
    timestamp: new Date().toISOString(),
  };
}

function adapterOf(type: "webhook" | "n8n"): ConversationAdapter<WebhookConfig> {
  return {
    type,
    parseConfig: parseWebhookConfig,
    historyLength: () => 0,
    async converse(config, input) {
      const res = await post(input.fetch, config, webhookPayloadOf(config, input), input.signal);
      const text = await res.text();
      if (!res.ok) throw new OutboundError("network", `${type} answered HTTP ${res.status}`);
      return turnOfResponse(res.status, res.headers.get("content-type") ?? "", text);
    },
    async testSession(config, ctx) {
      const res = await post(ctx.fetch, config, { event: "test", integration: { id: config.integrationId, type }, timestamp: new Date().toISOString() }, ctx.signal);
      await res.arrayBuffer().catch(() => undefined);
      return res.ok ? { ok: true } : { ok: false, details: `HTTP ${res.status}` };
    },
  };
}

export const webhookAdapter = adapterOf("webhook");
export const n8nAdapter = adapterOf("n8n");

import { z } from "zod";
import type { ConversationAdapter, ConversationInput, ConversationTurn } from "../conversation-adapter.js";
import { OutboundError, type OutboundFetch } from "../../outbound/outbound-fetch.js";

/**
 * Dify: its chat app API (`POST {base}/v1/chat-messages`, blocking mode) with the app key (`apidify`) as bearer. Dify
 * keeps the conversation itself: its `conversation_id` is saved per ticket and sent back on every turn. Dify has no
 * "end" or "transfer to a human" signal of its own, so it holds the conversation until the finish keyword, an agent or
 * a failure takes the ticket back.
 */
export const difyConfigSchema = z.object({
  urldify: z.url({ protocol: /^https?$/, error: "Informe a URL do Dify" }),
  apidify: z.string().trim().min(1, "Informe a chave da API do Dify"),
});
export type DifyConfig = z.infer<typeof difyConfigSchema>;

interface DifyState {
  conversationId?: string;
}

/** Dify's documented base already ends in /v1 (`https://api.dify.ai/v1`); a base without it gets it. */
export function difyApiBase(url: string): string {
  const base = url.replace(/\/+$/, "");
  return /\/v1$/.test(base) ? base : `${base}/v1`;
}

/** Dify's files: images, documents, audio and video by URL. */
const DIFY_FILE_TYPES: Record<string, string> = { image: "image", document: "document", audio: "audio", video: "video" };

/** An error answer is a failed exchange for the runtime: an OutboundError, so the handover note names it. */
async function difyFailure(res: Response): Promise<OutboundError> {
  const body = (await res.json().catch(() => null)) as { code?: string; message?: string } | null;
  return new OutboundError("network", `Dify: HTTP ${res.status}${body?.message ? ` — ${body.message}` : ""}`);
}

async function sendChatMessage(config: DifyConfig, input: ConversationInput, conversationId: string | undefined) {
  const message = input.message!;
  const files =
    message.mediaUrl && DIFY_FILE_TYPES[message.mediaType]
      ? [{ type: DIFY_FILE_TYPES[message.mediaType], transfer_method: "remote_url", url: message.mediaUrl }]
      : undefined;
  return input.fetch(`${difyApiBase(config.urldify)}/chat-messages`, {
    method: "POST",
    headers: { authorization: `Bearer ${config.apidify}`, "content-type": "application/json" },
    body: JSON.stringify({
      inputs: { contact_name: input.contact.name, contact_number: input.contact.number ?? "" },
      // Dify refuses an empty query: a message with only media names its kind.
      query: message.text.trim() || `[${message.mediaType}]`,
      // Dify scopes conversations by user: one stable user per contact of the company.
      user: `atendo-${input.companyId}-contact-${input.contact.id}`,
      conversation_id: conversationId ?? "",
      response_mode: "blocking",
      ...(files ? { files } : {}),
    }),
    signal: input.signal,
  });
}

export const difyAdapter: ConversationAdapter<DifyConfig> = {
  type: "dify",
  parseConfig: (raw) => difyConfigSchema.parse(raw),
  historyLength: () => 0,

  async converse(config, input): Promise<ConversationTurn> {
    // Dify answers queries only: a start without a customer message waits for the first one.
    if (!input.message) return { replies: [], outcome: { kind: "continue" }, state: input.state };
    const previous = (input.state as DifyState).conversationId;
    let res = await sendChatMessage(config, input, previous);
    // A conversation deleted or expired on Dify's side: start a new one rather than leave the customer.
    if (res.status === 404 && previous) {
      await res.body?.cancel().catch(() => {});
      res = await sendChatMessage(config, input, undefined);
    }
    if (!res.ok) throw await difyFailure(res);
    const body = (await res.json()) as { answer?: string; conversation_id?: string };
    const answer = (body.answer ?? "").trim();
    return {
      replies: answer ? [{ type: "text", text: answer }] : [],
      state: { conversationId: body.conversation_id ?? previous },
      outcome: { kind: "continue" },
    };
  },

  /** `GET /v1/parameters` needs the app key and costs no model call. */
  async testSession(config, ctx: { fetch: OutboundFetch; signal: AbortSignal }) {
    const res = await ctx.fetch(`${difyApiBase(config.urldify)}/parameters`, {
      headers: { authorization: `Bearer ${config.apidify}` },
      signal: ctx.signal,
    });
    if (res.ok) {
      await res.body?.cancel().catch(() => {});
      return { ok: true };
    }
    return { ok: false, details: (await difyFailure(res)).message };
  },
};

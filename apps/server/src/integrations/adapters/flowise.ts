import { randomUUID } from "node:crypto";
import { z } from "zod";
import type { ConversationAdapter, ConversationInput, ConversationTurn } from "../conversation-adapter.js";
import { OutboundError, type OutboundFetch } from "../../outbound/outbound-fetch.js";

/**
 * Flowise: its prediction API (`POST {base}/api/v1/prediction/{chatflowId}`). `urlflowise` is the chatflow's
 * prediction URL as Flowise shows it under "API Endpoint" (or the server's base with the chatflow id in `flowiseId`);
 * a chatflow protected by an API key takes it as bearer (`apiflowise`, optional). The flow's memory is keyed by
 * `overrideConfig.sessionId`: one session per ticket, kept in the state. Flowise has no end or transfer signal.
 */
export const flowiseConfigSchema = z
  .object({
    urlflowise: z.url({ protocol: /^https?$/, error: "Informe a URL do Flowise" }),
    flowiseId: z.string().trim().optional().nullable(),
    apiflowise: z.string().trim().optional().nullable(),
  })
  .transform((c, ctx) => {
    const url = c.urlflowise.replace(/\/+$/, "");
    const predictionUrl = /\/api\/v1\/prediction\/[^/]+$/.test(url) ? url : c.flowiseId ? `${url}/api/v1/prediction/${encodeURIComponent(c.flowiseId)}` : null;
    if (!predictionUrl) {
      ctx.addIssue({ code: "custom", path: ["urlflowise"], message: "Informe a URL de previsão do Flowise (…/api/v1/prediction/{id})" });
      return z.NEVER;
    }
    return { predictionUrl, apiKey: c.apiflowise || null };
  });
export type FlowiseConfig = z.infer<typeof flowiseConfigSchema>;

interface FlowiseState {
  sessionId?: string;
}

/** An error answer is a failed exchange for the runtime: an OutboundError, so the handover note names it. */
async function flowiseFailure(res: Response): Promise<OutboundError> {
  const body = (await res.json().catch(() => null)) as { message?: string; error?: string } | null;
  const message = body?.message ?? body?.error;
  return new OutboundError("network", `Flowise: HTTP ${res.status}${message ? ` — ${message}` : ""}`);
}

function predict(config: FlowiseConfig, fetch: OutboundFetch, signal: AbortSignal, payload: Record<string, unknown>) {
  return fetch(config.predictionUrl, {
    method: "POST",
    headers: { "content-type": "application/json", ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}) },
    body: JSON.stringify({ streaming: false, ...payload }),
    signal,
  });
}

function uploads(message: NonNullable<ConversationInput["message"]>) {
  // Flowise takes images (and audio, for flows with speech to text) by URL.
  if (!message.mediaUrl || (message.mediaType !== "image" && message.mediaType !== "audio")) return undefined;
  return [{ data: message.mediaUrl, type: "url", name: message.mediaType === "image" ? "image.jpg" : "audio.ogg", mime: message.mediaType === "image" ? "image/jpeg" : "audio/ogg" }];
}

export const flowiseAdapter: ConversationAdapter<FlowiseConfig> = {
  type: "flowise",
  parseConfig: (raw) => flowiseConfigSchema.parse(raw),
  historyLength: () => 0,

  async converse(config, input): Promise<ConversationTurn> {
    if (!input.message) return { replies: [], outcome: { kind: "continue" }, state: input.state };
    const sessionId = (input.state as FlowiseState).sessionId ?? `atendo-${input.ticketUuid}`;
    const media = uploads(input.message);
    const res = await predict(config, input.fetch, input.signal, {
      question: input.message.text.trim() || `[${input.message.mediaType}]`,
      chatId: sessionId,
      overrideConfig: { sessionId, vars: { contactName: input.contact.name, contactNumber: input.contact.number ?? "" } },
      ...(media ? { uploads: media } : {}),
    });
    if (!res.ok) throw await flowiseFailure(res);
    const body = (await res.json()) as { text?: unknown; json?: unknown; sessionId?: string };
    // A flow ending in a structured output answers `json` instead of `text`.
    const text = typeof body.text === "string" ? body.text.trim() : body.json !== undefined ? JSON.stringify(body.json) : "";
    return {
      replies: text ? [{ type: "text", text }] : [],
      state: { sessionId: body.sessionId ?? sessionId },
      outcome: { kind: "continue" },
    };
  },

  /**
   * Flowise has no endpoint that checks a prediction key without running the flow, so the test asks the flow a
   * "ping" in a throwaway session: it proves the URL, the chatflow and the key.
   */
  async testSession(config, ctx) {
    const sessionId = `atendo-test-${randomUUID()}`;
    const res = await predict(config, ctx.fetch, ctx.signal, { question: "ping", chatId: sessionId, overrideConfig: { sessionId } });
    if (res.ok) {
      await res.body?.cancel().catch(() => {});
      return { ok: true };
    }
    return { ok: false, details: (await flowiseFailure(res)).message };
  },
};

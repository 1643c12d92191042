import type { ConversationAdapter, ConversationReply, ConversationTurn } from "../conversation-adapter.js";
import type { OutboundFetch } from "../../outbound/outbound-fetch.js";
import { OutboundError } from "../../outbound/outbound-fetch.js";

/**
 * Typebot's chat API (v1): `POST {url}/api/v1/typebots/{slug}/startChat` opens a session and answers its first
 * bubbles; `POST {url}/api/v1/sessions/{sessionId}/continueChat` with `{ message: { type: "text", text } }` answers
 * the next ones. Bubbles become messages (text, image, audio, video; embeds as links) with `typebotDelayMessage`
 * between them; a choice input becomes a numbered menu and the customer's number picks the choice. The session lives
 * `typebotExpires` minutes after the last message (0: no limit); the restart keyword starts over (with the restart
 * message), the finish keyword ends the bot (the ticket goes to a human), an answer outside the menu gets the unknown
 * message and the menu again. A flow that ends without asking anything ends the bot too.
 */
export interface TypebotConfig {
  url: string;
  slug: string;
  expiresMinutes: number;
  delayMs: number;
  keywordFinish: string;
  keywordRestart: string;
  unknownMessage: string;
  restartMessage: string;
}

interface TypebotState {
  sessionId?: string;
  /** ms since epoch of the last exchange (typebotExpires counts from it). */
  lastActivityAt?: number;
  /** The labels of the choice input now waiting, in menu order. */
  choices?: string[];
}

interface TypebotMessage {
  type: string;
  content?: { type?: string; richText?: unknown; markdown?: string; html?: string; plainText?: string; url?: string };
}
interface TypebotInput {
  type: string;
  items?: Array<{ id?: string; content?: string }>;
}
interface TypebotResponse {
  sessionId?: string;
  messages?: TypebotMessage[];
  input?: TypebotInput | null;
}

function parseTypebotConfig(raw: Record<string, unknown>): TypebotConfig {
  return {
    url: String(raw.urlN8N ?? "").replace(/\/+$/, ""),
    slug: String(raw.typebotSlug ?? ""),
    expiresMinutes: Number(raw.typebotExpires ?? 1),
    delayMs: Number(raw.typebotDelayMessage ?? 1000),
    keywordFinish: String(raw.typebotKeywordFinish ?? "").trim(),
    keywordRestart: String(raw.typebotKeywordRestart ?? "").trim(),
    unknownMessage: String(raw.typebotUnknownMessage ?? ""),
    restartMessage: String(raw.typebotRestartMessage ?? ""),
  };
}

async function call(fetch: OutboundFetch, url: string, body: unknown, signal: AbortSignal): Promise<{ status: number; data: TypebotResponse | null }> {
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify(body),
    signal,
  });
  const text = await res.text();
  let data: TypebotResponse | null = null;
  try {
    data = text ? (JSON.parse(text) as TypebotResponse) : null;
  } catch {
    data = null;
  }
  return { status: res.status, data };
}

/** Typebot's rich text (Slate nodes) as plain text: paragraphs on their own lines. */
export function richTextToPlain(nodes: unknown): string {
  const walk = (node: unknown): string => {
    if (!node || typeof node !== "object") return "";
    const n = node as { text?: string; children?: unknown[]; type?: string };
    if (typeof n.text === "string") return n.text;
    const inner = (n.children ?? []).map(walk).join("");
    return n.type === "inline-variable" || n.type === "a" ? inner : inner;
  };
  return Array.isArray(nodes) ? nodes.map(walk).join("\n") : walk(nodes);
}

function replyOf(message: TypebotMessage): ConversationReply | null {
  const c = message.content ?? {};
  switch (message.type) {
    case "text": {
      const text = c.markdown ?? c.plainText ?? (c.richText !== undefined ? richTextToPlain(c.richText) : "");
      return text.trim() ? { type: "text", text } : null;
    }
    case "image":
      return c.url ? { type: "media", url: c.url, mediaType: "image" } : null;
    case "audio":
      return c.url ? { type: "media", url: c.url, mediaType: "audio" } : null;
    case "video":
      // Only direct files travel as video; a YouTube or Vimeo bubble goes as its link.
      if (!c.url) return null;
      return !c.type || c.type === "url" ? { type: "media", url: c.url, mediaType: "video" } : { type: "text", text: c.url };
    case "embed":
      return c.url ? { type: "text", text: c.url } : null;
    default:
      return null;
  }
}

export const menuOf = (choices: string[]) => choices.map((label, i) => `${i + 1} - ${label}`).join("\n");

/** The bubbles and the pending input of one answer, as replies with the configured pause between them. */
function turnOf(config: TypebotConfig, response: TypebotResponse, state: TypebotState, lead: ConversationReply[] = []): ConversationTurn {
  const replies: ConversationReply[] = [...lead];
  const push = (reply: ConversationReply) => {
    if (replies.length > 0 && config.delayMs > 0) replies.push({ type: "delay", ms: config.delayMs });
    replies.push(reply);
  };
  for (const message of response.messages ?? []) {
    const reply = replyOf(message);
    if (reply) push(reply);
  }
  const input = response.input ?? null;
  const choices = input?.type === "choice input" ? (input.items ?? []).map((item) => item.content ?? "").filter(Boolean) : undefined;
  if (choices?.length) push({ type: "text", text: menuOf(choices) });
  const next: TypebotState = { sessionId: response.sessionId ?? state.sessionId, lastActivityAt: Date.now(), ...(choices?.length ? { choices } : {}) };
  if (!input) return { replies, state: {}, outcome: { kind: "end", note: "Typebot: fluxo concluído" } };
  return { replies, state: next as Record<string, unknown>, outcome: { kind: "continue" } };
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

export const typebotAdapter: ConversationAdapter<TypebotConfig> = {
  type: "typebot",
  parseConfig: parseTypebotConfig,
  historyLength: () => 0,
  async converse(config, input) {
    const state = input.state as TypebotState;
    const text = input.message?.text ?? "";
    const start = async (lead: ConversationReply[] = []) => {
      const { status, data } = await call(
        input.fetch,
        `${config.url}/api/v1/typebots/${encodeURIComponent(config.slug)}/startChat`,
        {
          prefilledVariables: { number: input.contact.number ?? "", pushName: input.contact.name, name: input.contact.name, ticketId: input.ticketId },
          textBubbleContentFormat: "markdown",
        },
        input.signal,
      );
      if (status < 200 || status >= 300 || !data?.sessionId) throw new OutboundError("network", `Typebot startChat answered HTTP ${status}`);
      return turnOf(config, data, {}, lead);
    };

    if (input.message && config.keywordFinish && same(text, config.keywordFinish)) {
      return { replies: [], state: {}, outcome: { kind: "end", note: "Typebot: o cliente encerrou com a palavra de finalização" } };
    }
    if (input.message && config.keywordRestart && same(text, config.keywordRestart)) {
      return start(config.restartMessage.trim() ? [{ type: "text", text: config.restartMessage }] : []);
    }
    const expired = config.expiresMinutes > 0 && state.lastActivityAt !== undefined && Date.now() - state.lastActivityAt > config.expiresMinutes * 60_000;
    if (!state.sessionId || expired) return start();

    let answer = text;
    if (state.choices?.length) {
      const n = /^\s*(\d{1,3})\s*$/.exec(text)?.[1];
      const picked = n !== undefined ? state.choices[Number(n) - 1] : state.choices.find((label) => same(label, text));
      if (picked === undefined) {
        const lead: ConversationReply[] = config.unknownMessage.trim() ? [{ type: "text", text: config.unknownMessage }] : [];
        return { replies: [...lead, { type: "text", text: menuOf(state.choices) }], state: { ...state, lastActivityAt: Date.now() }, outcome: { kind: "continue" } };
      }
      answer = picked;
    }
    const { status, data } = await call(
      input.fetch,
      `${config.url}/api/v1/sessions/${encodeURIComponent(state.sessionId)}/continueChat`,
      { message: { type: "text", text: answer }, textBubbleContentFormat: "markdown" },
      input.signal,
    );
    // The session is gone on Typebot's side (expired there, or the bot was republished): start over.
    if (status === 404 || status === 400) return start();
    if (status < 200 || status >= 300 || !data) throw new OutboundError("network", `Typebot continueChat answered HTTP ${status}`);
    return turnOf(config, data, state);
  },
  async testSession(config, ctx) {
    const { status, data } = await call(ctx.fetch, `${config.url}/api/v1/typebots/${encodeURIComponent(config.slug)}/startChat`, { textBubbleContentFormat: "markdown" }, ctx.signal);
    return status >= 200 && status < 300 && data?.sessionId ? { ok: true } : { ok: false, details: `HTTP ${status}` };
  },
};

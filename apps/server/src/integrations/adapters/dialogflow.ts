import { createHash } from "node:crypto";
import { importPKCS8, SignJWT } from "jose";
import { z } from "zod";
import type { ConversationAdapter, ConversationReply, ConversationTurn } from "../conversation-adapter.js";
import { OutboundError, type OutboundFetch } from "../../outbound/outbound-fetch.js";

/**
 * Dialogflow ES: detect-intent over its REST API (`POST {DIALOGFLOW_API_URL}/v2/projects/{project}/agent/sessions/
 * {session}:detectIntent`), authorised by the service account in `jsonContent` (an RS256 JWT exchanged for an access
 * token at the key file's `token_uri`, the OAuth JWT bearer grant). Plain REST rather than `@google-cloud/dialogflow`
 * so that both calls go through the SSRF guard (see docs/DECISIONS.md). The session is the ticket (its uuid); the
 * start of a conversation sends Dialogflow's WELCOME event. An intent with `liveAgentHandoff` hands the ticket to a
 * human; one with `endInteraction` (or `diagnosticInfo.end_conversation`) ends the session.
 */
const serviceAccountSchema = z.object({
  project_id: z.string().min(1),
  client_email: z.string().min(1),
  private_key: z.string().min(1),
  private_key_id: z.string().optional(),
  token_uri: z.url({ protocol: /^https?$/ }).default("https://oauth2.googleapis.com/token"),
});

/** A GCP project id: 6 to 30 lowercase letters, digits and hyphens, starting with a letter. */
const PROJECT_ID = /^[a-z][a-z0-9-]{4,28}[a-z0-9]$/;
const blankToUndefined = (v: unknown) => (v === "" || v === null ? undefined : v);

export const dialogflowConfigSchema = z.object({
  /** The GCP project of the agent (as the form's projectName holds it); the key file's project_id when it is not one. */
  projectName: z.string().trim().optional().nullable(),
  language: z.preprocess(blankToUndefined, z.enum(["pt-BR", "en", "es"], { error: "Informe o idioma" }).default("pt-BR")),
  /** DIALOGFLOW_API_URL, put in by the runtime (never from the integration's form). */
  dialogflowApiUrl: z.url().optional().nullable(),
  jsonContent: z
    .union([z.string(), z.record(z.string(), z.unknown())])
    .transform((v, ctx) => {
      let raw: unknown = v;
      if (typeof v === "string") {
        try {
          raw = JSON.parse(v);
        } catch {
          raw = null;
        }
      }
      const parsed = serviceAccountSchema.safeParse(raw);
      if (!parsed.success) {
        ctx.addIssue({ code: "custom", message: "Informe o JSON da conta de serviço do Google (project_id, client_email, private_key)" });
        return z.NEVER;
      }
      return parsed.data;
    }),
});
export type DialogflowConfig = z.infer<typeof dialogflowConfigSchema>;
type ServiceAccount = DialogflowConfig["jsonContent"];

const SCOPES = "https://www.googleapis.com/auth/cloud-platform https://www.googleapis.com/auth/dialogflow";
/** Dialogflow refuses longer text queries. */
const MAX_QUERY = 256;

/** Google refused (key, token, project …): a failed exchange for the runtime, so the handover note names it. */
class DialogflowAnswerError extends OutboundError {
  constructor(message: string) {
    super("network", message);
  }
}

/** Access tokens by key file, reused until a minute before they expire (one grant an hour per integration, not per message). */
const tokenCache = new Map<string, { token: string; expiresAt: number }>();

async function accessToken(sa: ServiceAccount, fetch: OutboundFetch, signal: AbortSignal, fresh = false): Promise<string> {
  const cacheKey = createHash("sha256").update(`${sa.client_email}\n${sa.token_uri}\n${sa.private_key}`).digest("hex");
  const cached = tokenCache.get(cacheKey);
  if (!fresh && cached && cached.expiresAt > Date.now() + 60_000) return cached.token;

  let key;
  try {
    key = await importPKCS8(sa.private_key, "RS256");
  } catch {
    throw new DialogflowAnswerError("Dialogflow: a chave privada da conta de serviço é inválida");
  }
  const now = Math.floor(Date.now() / 1000);
  const assertion = await new SignJWT({ scope: SCOPES })
    .setProtectedHeader({ alg: "RS256", typ: "JWT", ...(sa.private_key_id ? { kid: sa.private_key_id } : {}) })
    .setIssuer(sa.client_email)
    .setAudience(sa.token_uri)
    .setIssuedAt(now)
    .setExpirationTime(now + 3600)
    .sign(key);
  const res = await fetch(sa.token_uri, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ grant_type: "urn:ietf:params:oauth:grant-type:jwt-bearer", assertion }).toString(),
    signal,
  });
  const body = (await res.json().catch(() => null)) as { access_token?: string; expires_in?: number; error?: string; error_description?: string } | null;
  if (!res.ok || !body?.access_token) {
    tokenCache.delete(cacheKey);
    const reason = [body?.error, body?.error_description].filter(Boolean).join(": ");
    throw new DialogflowAnswerError(`Dialogflow: token HTTP ${res.status}${reason ? ` — ${reason}` : ""}`);
  }
  tokenCache.set(cacheKey, { token: body.access_token, expiresAt: Date.now() + (body.expires_in ?? 3600) * 1000 });
  return body.access_token;
}

async function googleFailure(res: Response): Promise<DialogflowAnswerError> {
  const body = (await res.json().catch(() => null)) as { error?: { message?: string; status?: string } } | null;
  return new DialogflowAnswerError(`Dialogflow: HTTP ${res.status}${body?.error?.message ? ` — ${body.error.message}` : ""}`);
}

interface DialogflowMessage {
  platform?: string;
  text?: { text?: string[] };
  image?: { imageUri?: string; accessibilityText?: string };
  quickReplies?: { title?: string; quickReplies?: string[] };
  card?: { title?: string; subtitle?: string; imageUri?: string; buttons?: Array<{ text?: string }> };
}

const numbered = (title: string | undefined, options: string[]) => [title, ...options.map((o, i) => `${i + 1} - ${o}`)].filter(Boolean).join("\n");

/** The intent's response messages for no particular platform, as WhatsApp messages. */
export function dialogflowReplies(messages: DialogflowMessage[] | undefined, fulfillmentText: string | undefined): ConversationReply[] {
  const replies: ConversationReply[] = [];
  for (const m of messages ?? []) {
    if (m.platform && m.platform !== "PLATFORM_UNSPECIFIED") continue;
    if (m.text) for (const t of m.text.text ?? []) if (t.trim()) replies.push({ type: "text", text: t.trim() });
    if (m.image?.imageUri) replies.push({ type: "media", mediaType: "image", url: m.image.imageUri, ...(m.image.accessibilityText ? { caption: m.image.accessibilityText } : {}) });
    if (m.quickReplies) replies.push({ type: "text", text: numbered(m.quickReplies.title, m.quickReplies.quickReplies ?? []) });
    if (m.card) {
      const caption = [m.card.title, m.card.subtitle].filter(Boolean).join("\n");
      if (m.card.imageUri) replies.push({ type: "media", mediaType: "image", url: m.card.imageUri, ...(caption ? { caption } : {}) });
      const buttons = (m.card.buttons ?? []).map((b) => b.text ?? "").filter(Boolean);
      const text = m.card.imageUri ? numbered(undefined, buttons) : numbered(caption || undefined, buttons);
      if (text) replies.push({ type: "text", text });
    }
  }
  if (replies.length === 0 && fulfillmentText?.trim()) replies.push({ type: "text", text: fulfillmentText.trim() });
  return replies;
}

export const DEFAULT_DIALOGFLOW_API_URL = "https://dialogflow.googleapis.com";

/** `opts.apiUrl` fixes the base; otherwise the config's `dialogflowApiUrl` (DIALOGFLOW_API_URL), else Google's. */
export function createDialogflowAdapter(opts: { apiUrl?: string } = {}): ConversationAdapter<DialogflowConfig> {
  const apiBaseOf = (config: DialogflowConfig) => (opts.apiUrl ?? config.dialogflowApiUrl ?? DEFAULT_DIALOGFLOW_API_URL).replace(/\/+$/, "");
  const project = (config: DialogflowConfig) => encodeURIComponent(config.projectName && PROJECT_ID.test(config.projectName) ? config.projectName : config.jsonContent.project_id);

  return {
    type: "dialogflow",
    parseConfig: (raw) => dialogflowConfigSchema.parse(raw),
    historyLength: () => 0,

    async converse(config, input): Promise<ConversationTurn> {
      const sessionId = (input.state.sessionId as string | undefined) ?? input.ticketUuid;
      const text = input.message?.text.trim().slice(0, MAX_QUERY) ?? "";
      // No customer text (the start, or media alone): Dialogflow's WELCOME event opens the conversation.
      const queryInput = text ? { text: { text, languageCode: config.language } } : { event: { name: "WELCOME", languageCode: config.language } };
      const token = await accessToken(config.jsonContent, input.fetch, input.signal);
      const res = await input.fetch(`${apiBaseOf(config)}/v2/projects/${project(config)}/agent/sessions/${encodeURIComponent(sessionId)}:detectIntent`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify({ queryInput }),
        signal: input.signal,
      });
      if (!res.ok) throw await googleFailure(res);
      const body = (await res.json()) as {
        queryResult?: {
          fulfillmentText?: string;
          fulfillmentMessages?: DialogflowMessage[];
          intent?: { displayName?: string; endInteraction?: boolean; liveAgentHandoff?: boolean };
          diagnosticInfo?: Record<string, unknown>;
        };
      };
      const result = body.queryResult ?? {};
      const intent = result.intent?.displayName ? ` (intent "${result.intent.displayName}")` : "";
      const outcome: ConversationTurn["outcome"] = result.intent?.liveAgentHandoff
        ? { kind: "handover", note: `O Dialogflow pediu um atendente${intent}` }
        : result.intent?.endInteraction || result.diagnosticInfo?.end_conversation === true
          ? { kind: "end", note: `O Dialogflow encerrou a conversa${intent}` }
          : { kind: "continue" };
      return { replies: dialogflowReplies(result.fulfillmentMessages, result.fulfillmentText), state: { sessionId }, outcome };
    },

    /** A fresh token proves the key file; reading the agent proves it may use the project's agent. */
    async testSession(config, ctx) {
      let token: string;
      try {
        token = await accessToken(config.jsonContent, ctx.fetch, ctx.signal, true);
      } catch (err) {
        if (err instanceof DialogflowAnswerError) return { ok: false, details: err.message };
        throw err;
      }
      const res = await ctx.fetch(`${apiBaseOf(config)}/v2/projects/${project(config)}/agent`, { headers: { authorization: `Bearer ${token}` }, signal: ctx.signal });
      if (!res.ok) return { ok: false, details: (await googleFailure(res)).message };
      const agent = (await res.json().catch(() => null)) as { displayName?: string } | null;
      return { ok: true, ...(agent?.displayName ? { details: agent.displayName } : {}) };
    },
  };
}

/** The registered adapter: the base URL comes in the config as `dialogflowApiUrl`. */
export const dialogflowAdapter = createDialogflowAdapter();

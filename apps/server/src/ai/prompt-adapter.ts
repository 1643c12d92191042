import type OpenAI from "openai";
import { loadedOpenAi, loadOpenAi } from "./openai-sdk.js";
import type { ChatCompletionMessageParam, ChatCompletionTool } from "openai/resources/chat/completions";
import { z } from "zod";
import { PROMPT_MAX_MESSAGES_LIMIT, PROMPT_MAX_TOKENS_LIMIT, PROMPT_TEXT_ONLY_VOICE, PROMPT_VOICES } from "@atendo/shared";
import type { ConversationAdapter, ConversationInput, ConversationReply, ConversationTurn } from "../integrations/conversation-adapter.js";
import { OutboundError, type OutboundFetch } from "../outbound/outbound-fetch.js";
import { AZURE_SPEECH_URL_TEMPLATE, synthesizeSpeech } from "./azure-speech.js";

/**
 * The AI prompt (`prompt`): OpenAI chat completions with the prompt's instructions as the system message and the
 * last `maxMessages` messages of the conversation as context, within `maxTokens` and `temperature`, on the
 * company's own key. Customer audio without a transcript is transcribed first (`/audio/transcriptions`).
 *
 * Handing over to a human: the model is given one tool, `transfer_to_human` (`{ reason }`), and told to call it when
 * the customer asks for a person or it cannot help; a model or proxy without tools may answer `#transfer <reason>`
 * instead. Either way the ticket goes to a human with the reason as the note (text before the marker is sent).
 *
 * With a voice chosen, the answer also goes as a voice note synthesised by Azure (`voiceKey`, `voiceRegion`); a
 * failed synthesis leaves the text answer alone (the customer still gets it).
 */
export const promptConfigSchema = z.object({
  prompt: z.string().min(1),
  apiKey: z.string().min(1),
  maxTokens: z.coerce.number().int().min(1).max(PROMPT_MAX_TOKENS_LIMIT).default(100),
  temperature: z.coerce.number().min(0).max(2).default(1),
  maxMessages: z.coerce.number().int().min(0).max(PROMPT_MAX_MESSAGES_LIMIT).default(10),
  voice: z.enum(PROMPT_VOICES).default(PROMPT_TEXT_ONLY_VOICE),
  voiceKey: z.string().nullish(),
  voiceRegion: z.string().default(""),
  /** The runtime may pass the server's settings along (OPENAI_API_URL, OPENAI_MODEL, AZURE_SPEECH_URL); they win over the adapter's defaults. */
  openaiApiUrl: z.string().optional(),
  openaiModel: z.string().optional(),
  azureSpeechUrl: z.string().optional(),
});
export type PromptConfig = z.infer<typeof promptConfigSchema>;

export interface PromptAdapterOptions {
  /** OPENAI_API_URL. */
  apiUrl: string;
  /** OPENAI_MODEL (default gpt-4o-mini). */
  model?: string;
  /** The transcription model for customer audio (default whisper-1). */
  transcribeModel?: string;
  /** AZURE_SPEECH_URL with `{region}`. */
  azureSpeechUrl?: string;
}

export const DEFAULT_OPENAI_MODEL = "gpt-4o-mini";
export const TRANSFER_TOOL = "transfer_to_human";
export const TRANSFER_MARKER = "#transfer";

/** Appended to the prompt's instructions so that the model knows how to hand over. */
export const HANDOVER_INSTRUCTION =
  `Se o cliente pedir para falar com um atendente humano, ou se você não puder ajudar, chame a função ${TRANSFER_TOOL} ` +
  `com o motivo. Se não puder chamar funções, responda apenas "${TRANSFER_MARKER}" seguido do motivo.`;

const TRANSFER_TOOLS: ChatCompletionTool[] = [
  {
    type: "function",
    function: {
      name: TRANSFER_TOOL,
      description: "Transfere a conversa para um atendente humano da fila.",
      parameters: {
        type: "object",
        properties: { reason: { type: "string", description: "Por que um atendente humano deve assumir." } },
        required: ["reason"],
        additionalProperties: false,
      },
    },
  },
];

const MEDIA_LABELS: Record<string, string> = {
  image: "uma imagem",
  audio: "um áudio",
  video: "um vídeo",
  document: "um documento",
  location: "uma localização",
  contact: "um contato",
  other: "um arquivo",
};

export const handoverNote = (reason: string) => `A IA transferiu o atendimento para um humano${reason ? `: ${reason}` : "."}`;

/** The package is imported on first use (openai-sdk.ts): callers `await loadOpenAi()` first. */
function client(apiKey: string, apiUrl: string, fetch: OutboundFetch): OpenAI {
  const OpenAI = loadedOpenAi()!.default;
  // Through the SSRF guard; the timeout, retries and circuit are the runtime's.
  return new OpenAI({ apiKey, baseURL: apiUrl, fetch: fetch as unknown as typeof globalThis.fetch, maxRetries: 0 });
}

/** The SDK wraps what the guarded fetch threw; the runtime wants the OutboundError itself. Keys never reach the message. */
function failure(err: unknown): unknown {
  const OpenAI = loadedOpenAi()?.default;
  if (!OpenAI) return err;
  if (err instanceof OpenAI.APIConnectionError && err.cause instanceof OutboundError) return err.cause;
  if (err instanceof OpenAI.APIUserAbortError) return err;
  if (err instanceof OpenAI.APIError && err.status) {
    return new Error(`OpenAI: HTTP ${err.status} — ${(err.error as { message?: string } | undefined)?.message ?? err.message}`);
  }
  return err;
}

/** The customer's words for this turn: the text, the transcript of an audio (made now when missing), or what was sent. */
async function customerText(openai: OpenAI, input: ConversationInput, transcribeModel: string): Promise<string | null> {
  const message = input.message;
  if (!message) return null;
  const text = message.text.trim();
  if (text) return text;
  if (message.mediaType === "audio" && message.mediaUrl) {
    const res = await input.fetch(message.mediaUrl, { signal: input.signal });
    if (!res.ok) throw new Error(`audio download: HTTP ${res.status}`);
    const type = res.headers.get("content-type") ?? "audio/ogg";
    const file = await (await loadOpenAi()).toFile(Buffer.from(await res.arrayBuffer()), `audio.${type.includes("mpeg") ? "mp3" : "ogg"}`, { type });
    const transcript = await openai.audio.transcriptions.create({ file, model: transcribeModel }, { signal: input.signal });
    if (transcript.text.trim()) return transcript.text.trim();
  }
  return `[O cliente enviou ${MEDIA_LABELS[message.mediaType] ?? MEDIA_LABELS.other}]`;
}

/** System message, then the history (oldest first, without this turn's message), then the customer's message. */
export function chatMessages(config: PromptConfig, input: ConversationInput, current: string | null): ChatCompletionMessageParam[] {
  const history = config.maxMessages === 0 ? [] : input.history.slice(-config.maxMessages);
  const messages: ChatCompletionMessageParam[] = [{ role: "system", content: `${config.prompt.trim()}\n\n${HANDOVER_INSTRUCTION}` }];
  for (const h of history) {
    if (h.text.trim()) messages.push({ role: h.fromMe ? "assistant" : "user", content: h.text });
  }
  if (current !== null) messages.push({ role: "user", content: current });
  return messages;
}

/** `reason` of a transfer_to_human call, or of a `#transfer …` answer; null when the model answered normally. */
function transferOf(toolCalls: Array<{ type: string; function?: { name: string; arguments: string } }> | undefined, content: string): { reason: string; before: string } | null {
  const call = toolCalls?.find((c) => c.type === "function" && c.function?.name === TRANSFER_TOOL);
  if (call) {
    let reason = "";
    try {
      reason = String((JSON.parse(call.function!.arguments || "{}") as { reason?: unknown }).reason ?? "");
    } catch {
      reason = "";
    }
    return { reason: reason.trim(), before: content.trim() };
  }
  const at = content.toLowerCase().indexOf(TRANSFER_MARKER);
  if (at === -1) return null;
  return { reason: content.slice(at + TRANSFER_MARKER.length).replace(/^[\s:.-]+/, "").trim(), before: content.slice(0, at).trim() };
}

export function createPromptAdapter(opts: PromptAdapterOptions): ConversationAdapter<PromptConfig> {
  const transcribeModel = opts.transcribeModel ?? "whisper-1";

  return {
    type: "prompt",
    parseConfig: (raw) => promptConfigSchema.parse(raw),
    historyLength: (config) => config.maxMessages,

    async converse(config, input): Promise<ConversationTurn> {
      const model = config.openaiModel ?? opts.model ?? DEFAULT_OPENAI_MODEL;
      const speechUrl = config.azureSpeechUrl ?? opts.azureSpeechUrl ?? AZURE_SPEECH_URL_TEMPLATE;
      const { default: OpenAI } = await loadOpenAi();
      const openai = client(config.apiKey, config.openaiApiUrl ?? opts.apiUrl, input.fetch);
      try {
        const current = await customerText(openai, input, transcribeModel);
        const messages = chatMessages(config, input, current);
        // Nothing from the customer to answer (a start without a message or history).
        if (messages[messages.length - 1]!.role !== "user") return { replies: [], outcome: { kind: "continue" } };

        const completion = await openai.chat.completions.create(
          { model, messages, max_tokens: config.maxTokens, temperature: config.temperature, tools: TRANSFER_TOOLS, tool_choice: "auto" },
          { signal: input.signal },
        );
        const choice = completion.choices[0];
        const content = (choice?.message.content ?? "").trim();
        const usage = completion.usage
          ? { provider: "openai", model: completion.model || model, promptTokens: completion.usage.prompt_tokens, completionTokens: completion.usage.completion_tokens }
          : undefined;
        const transfer = transferOf(choice?.message.tool_calls as never, content);

        if (transfer) {
          return {
            replies: transfer.before ? [{ type: "text", text: transfer.before }] : [],
            outcome: { kind: "handover", note: handoverNote(transfer.reason) },
            ...(usage ? { usage } : {}),
          };
        }
        // An empty answer would leave the customer unanswered: a human takes over instead.
        if (!content) return { replies: [], outcome: { kind: "handover", note: "A IA não respondeu; um atendente vai continuar." }, ...(usage ? { usage } : {}) };

        const replies: ConversationReply[] = [{ type: "text", text: content }];
        if (config.voice !== PROMPT_TEXT_ONLY_VOICE && config.voiceKey && config.voiceRegion) {
          const audio = await synthesizeSpeech({
            fetch: input.fetch,
            urlTemplate: speechUrl,
            region: config.voiceRegion,
            key: config.voiceKey,
            voice: config.voice,
            text: content,
            signal: input.signal,
          }).catch((err: unknown) => {
            // The text answer stands; only a cut-off turn stops here.
            if (input.signal.aborted) throw err;
            return null;
          });
          if (audio) replies.push({ type: "media-bytes", data: audio, mimeType: "audio/ogg; codecs=opus", fileName: "resposta.ogg", mediaType: "audio", voice: true });
        }
        return { replies, outcome: { kind: "continue" }, ...(usage ? { usage } : {}) };
      } catch (err) {
        throw failure(err);
      }
    },

    /** The key works when OpenAI lists the models with it. */
    async testSession(config, ctx) {
      const { default: OpenAI } = await loadOpenAi();
      const openai = client(config.apiKey, config.openaiApiUrl ?? opts.apiUrl, ctx.fetch);
      try {
        await openai.models.list({ signal: ctx.signal });
        return { ok: true };
      } catch (err) {
        const e = failure(err);
        if (e instanceof OutboundError || e instanceof OpenAI.APIUserAbortError) throw e;
        return { ok: false, details: e instanceof Error ? e.message : String(e) };
      }
    },
  };
}

/** The registry's instance: the runtime passes OPENAI_API_URL, OPENAI_MODEL and AZURE_SPEECH_URL in the raw config. */
export const promptAdapter = createPromptAdapter({ apiUrl: "https://api.openai.com/v1" });

import type OpenAI from "openai";
import { loadedOpenAi, loadOpenAi } from "../../ai/openai-sdk.js";
import type { ResponseInput, ResponseInputMessageContentList } from "openai/resources/responses/responses";
import { z } from "zod";
import type { ConversationAdapter, ConversationTurn } from "../conversation-adapter.js";
import { OutboundError, type OutboundFetch } from "../../outbound/outbound-fetch.js";

/**
 * OpenAI assistant (`openaiassist`): the assistant given by id and key, reached through the Responses API (the
 * Assistants API is being retired; see docs/DECISIONS.md "openaiassist through the Responses API").
 * - `asst_…` (an Assistants-API assistant): its model, instructions and temperature are read once per ticket
 *   (`GET /assistants/{id}`) and kept in the state; each turn is a `POST /responses` with them.
 * - `pmpt_…` (a prompt saved in OpenAI's dashboard, the assistants' successor): passed as `prompt: { id }`.
 * The conversation ("thread") is the chain of responses: `previous_response_id` kept per ticket. OpenAI has no end
 * signal; a function call the assistant asks for cannot be run here, so it hands the ticket to a human.
 */
export const openAiAssistConfigSchema = z.object({
  openaiid: z
    .string()
    .trim()
    .min(1, "Informe o ID do assistente")
    .regex(/^(asst|pmpt)_[A-Za-z0-9_-]+$/, "O ID do assistente começa com asst_ ou pmpt_"),
  openaikey: z.string().trim().min(1, "Informe a chave da API da OpenAI"),
  /** OPENAI_API_URL, put in by the runtime (never from the integration's form). */
  openaiApiUrl: z.url().optional().nullable(),
});
export type OpenAiAssistConfig = z.infer<typeof openAiAssistConfigSchema>;

interface OpenAiAssistState {
  previousResponseId?: string;
  /** The assistant's settings, read once per ticket (asst_ ids only). */
  assistant?: { model: string; instructions: string | null; temperature: number | null };
}

/** The package is imported on first use (ai/openai-sdk.ts): callers `await loadOpenAi()` first. */
function client(config: OpenAiAssistConfig, apiUrl: string, fetch: OutboundFetch): OpenAI {
  const OpenAI = loadedOpenAi()!.default;
  return new OpenAI({
    apiKey: config.openaikey,
    baseURL: apiUrl,
    // Through the SSRF guard; retries and the timeout are the runtime's.
    fetch: fetch as unknown as typeof globalThis.fetch,
    maxRetries: 0,
  });
}

/**
 * The SDK wraps what the guarded fetch threw; the runtime wants the OutboundError itself. An error answer is a failed
 * exchange too (an OutboundError, so the handover note names it). OpenAI masks keys in its messages.
 */
function failure(err: unknown): unknown {
  const OpenAI = loadedOpenAi()?.default;
  if (!OpenAI) return err;
  if (err instanceof OpenAI.APIConnectionError && err.cause instanceof OutboundError) return err.cause;
  if (err instanceof OpenAI.APIUserAbortError) return err;
  if (err instanceof OpenAI.APIError && err.status) return new OutboundError("network", `OpenAI: HTTP ${err.status} — ${(err.error as { message?: string } | undefined)?.message ?? err.message}`);
  return err;
}

const isPrompt = (id: string) => id.startsWith("pmpt_");

export const DEFAULT_OPENAI_API_URL = "https://api.openai.com/v1";

/** `opts.apiUrl` fixes the base; otherwise the config's `openaiApiUrl` (OPENAI_API_URL), else OpenAI's. */
export function createOpenAiAssistAdapter(opts: { apiUrl?: string } = {}): ConversationAdapter<OpenAiAssistConfig> {
  const apiUrlOf = (config: OpenAiAssistConfig) => opts.apiUrl ?? config.openaiApiUrl ?? DEFAULT_OPENAI_API_URL;
  return {
    type: "openaiassist",
    parseConfig: (raw) => openAiAssistConfigSchema.parse(raw),
    historyLength: () => 0,

    async converse(config, input): Promise<ConversationTurn> {
      if (!input.message) return { replies: [], outcome: { kind: "continue" }, state: input.state };
      const { default: OpenAI } = await loadOpenAi();
      const openai = client(config, apiUrlOf(config), input.fetch);
      const state = input.state as OpenAiAssistState;
      const text = input.message.text.trim();
      const image = input.message.mediaType === "image" ? input.message.mediaUrl : null;
      const content: ResponseInputMessageContentList = [
        // A message with media alone still needs text: its kind.
        ...(text || !image ? [{ type: "input_text" as const, text: text || `[${input.message.mediaType}]` }] : []),
        ...(image ? [{ type: "input_image" as const, image_url: image, detail: "auto" as const }] : []),
      ];
      const userInput: ResponseInput = [{ role: "user", content }];

      try {
        let assistant = state.assistant;
        if (!isPrompt(config.openaiid) && !assistant) {
          const a = await openai.beta.assistants.retrieve(config.openaiid, { signal: input.signal });
          assistant = { model: a.model, instructions: a.instructions, temperature: a.temperature ?? null };
        }
        const ask = (previousResponseId: string | undefined) =>
          openai.responses.create(
            {
              ...(isPrompt(config.openaiid)
                ? { prompt: { id: config.openaiid } }
                : { model: assistant!.model, instructions: assistant!.instructions, ...(assistant!.temperature !== null ? { temperature: assistant!.temperature } : {}) }),
              input: userInput,
              previous_response_id: previousResponseId ?? null,
              store: true,
              // A stable end-user id for OpenAI's abuse monitoring, without the contact's number.
              safety_identifier: `atendo-${input.companyId}-contact-${input.contact.id}`,
            },
            { signal: input.signal },
          );
        let response;
        try {
          response = await ask(state.previousResponseId);
        } catch (err) {
          // Stored responses expire (30 days): a lost chain starts anew instead of failing the ticket.
          if (state.previousResponseId && err instanceof OpenAI.NotFoundError) response = await ask(undefined);
          else throw err;
        }

        const call = response.output.find((o) => o.type === "function_call");
        const replyText = response.output_text.trim();
        const usage = response.usage ? { provider: "openai", model: response.model, promptTokens: response.usage.input_tokens, completionTokens: response.usage.output_tokens } : undefined;
        return {
          replies: replyText ? [{ type: "text", text: replyText }] : [],
          state: { previousResponseId: response.id, ...(assistant ? { assistant } : {}) },
          outcome: call ? { kind: "handover", note: `O assistente pediu a função "${call.name}", que só um atendente pode executar` } : { kind: "continue" },
          ...(usage ? { usage } : {}),
        };
      } catch (err) {
        throw failure(err);
      }
    },

    /** An asst_ id is read back (proves key and id); a prompt id cannot be read through the API, so the key is proved by listing models. */
    async testSession(config, ctx) {
      const { default: OpenAI } = await loadOpenAi();
      const openai = client(config, apiUrlOf(config), ctx.fetch);
      try {
        if (isPrompt(config.openaiid)) await openai.models.list({ signal: ctx.signal });
        else await openai.beta.assistants.retrieve(config.openaiid, { signal: ctx.signal });
        return { ok: true };
      } catch (err) {
        // An answer from OpenAI says why; no answer at all (guard, timeout) is the caller's to report.
        if (err instanceof OpenAI.APIError && err.status) return { ok: false, details: (failure(err) as Error).message };
        throw failure(err);
      }
    },
  };
}

/** The registered adapter: the base URL comes in the config as `openaiApiUrl`. */
export const openAiAssistAdapter = createOpenAiAssistAdapter();

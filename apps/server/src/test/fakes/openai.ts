import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { randomBytes } from "node:crypto";

/**
 * A local OpenAI API for tests, in the shapes of OpenAI's API reference (and the `openai` package's types):
 * - `POST /v1/chat/completions` → `chat.completion` (`choices[0].message.content`, `usage.prompt_tokens/completion_tokens`);
 * - `POST /v1/responses` → `response` (`output[].content[].output_text`, `usage.input_tokens/output_tokens`);
 *   `previous_response_id` must name a response this fake gave (else 404, as OpenAI answers);
 * - `GET /v1/assistants/{id}` → `assistant` (Assistants API, beta header `OpenAI-Beta: assistants=v2`);
 * - `GET /v1/models` → `{ object: "list", data }`;
 * - `POST /v1/audio/transcriptions` (multipart: file, model, response_format json|text|verbose_json) → `{ text }`;
 * - `POST /v1/audio/speech` (`model`, `input`, `voice`, `response_format`) → audio bytes.
 * Auth is `Authorization: Bearer <key>`: with `apiKey` set only that key is accepted, otherwise any key; a wrong key
 * gets OpenAI's 401 `invalid_api_key` error. `hang` accepts requests and never answers (for timeout tests).
 * `reply(req)` decides the text of an answer (chat, responses, transcription): a string; or `{ status?, body }` to
 * answer exactly that (an error, tool calls …); or undefined for the default.
 */
export interface FakeOpenAiRequest {
  method: string;
  /** The path without the query, e.g. `/v1/chat/completions`. */
  path: string;
  headers: IncomingMessage["headers"];
  /** The JSON body; for multipart (transcriptions) the text fields plus `file: { name, type, size }`. */
  body: any;
}

export type FakeOpenAiAnswer = string | { status?: number; body: unknown; contentType?: string } | undefined;

export interface FakeOpenAiOptions {
  reply?: (req: FakeOpenAiRequest) => FakeOpenAiAnswer | Promise<FakeOpenAiAnswer>;
  hang?: boolean;
  apiKey?: string;
  /** Assistants by id (default: one `asst_test`). */
  assistants?: Record<string, { model: string; instructions: string | null; name?: string; temperature?: number | null }>;
}

export interface FakeOpenAi {
  /** Base URL with the version, as OPENAI_API_URL expects (`http://127.0.0.1:port/v1`). */
  url: string;
  /** Every request the fake received, in order. */
  requests: FakeOpenAiRequest[];
  close(): Promise<void>;
}

const DEFAULT_TEXT = "Olá! Como posso ajudar?";
const DEFAULT_TRANSCRIPT = "Olá, gostaria de saber o horário de atendimento.";
const newId = (prefix: string) => `${prefix}${randomBytes(12).toString("hex")}`;
const now = () => Math.floor(Date.now() / 1000);
/** Rough token count (OpenAI counts ~4 characters a token). */
const tokens = (text: string) => Math.max(1, Math.ceil(text.length / 4));

async function readBody(req: IncomingMessage): Promise<any> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks);
  if (raw.length === 0) return undefined;
  const type = String(req.headers["content-type"] ?? "");
  if (type.startsWith("multipart/form-data")) {
    // The web Request parses multipart for us.
    const form = await new Request("http://fake/", { method: "POST", headers: { "content-type": type }, body: raw }).formData();
    const out: Record<string, unknown> = {};
    for (const [key, value] of form.entries()) {
      out[key] = typeof value === "string" ? value : { name: value.name, type: value.type, size: value.size };
    }
    return out;
  }
  try {
    return JSON.parse(raw.toString("utf8"));
  } catch {
    return null;
  }
}

function send(res: ServerResponse, status: number, body: unknown, contentType = "application/json") {
  res.writeHead(status, { "content-type": contentType, "x-request-id": newId("req_") });
  res.end(typeof body === "string" || Buffer.isBuffer(body) ? body : JSON.stringify(body));
}

const apiError = (message: string, type: string, code: string | null, param: string | null = null) => ({ error: { message, type, param, code } });

/** The text of the last user turn of a chat/responses request, for the default echo-free answer and for `reply`. */
function messagesText(input: unknown): string {
  if (typeof input === "string") return input;
  if (!Array.isArray(input)) return "";
  return input
    .map((m: any) => (typeof m?.content === "string" ? m.content : Array.isArray(m?.content) ? m.content.map((c: any) => c?.text ?? "").join("") : ""))
    .join("\n");
}

const AUDIO_TYPES: Record<string, string> = { mp3: "audio/mpeg", opus: "audio/ogg", aac: "audio/aac", flac: "audio/flac", wav: "audio/wav", pcm: "audio/pcm" };

export async function startFakeOpenAi(opts: FakeOpenAiOptions = {}): Promise<FakeOpenAi> {
  const requests: FakeOpenAiRequest[] = [];
  const responses = new Set<string>();
  const assistants = opts.assistants ?? { asst_test: { model: "gpt-4o-mini", instructions: "Você é o atendente virtual da loja.", name: "Atendente" } };

  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? "/", "http://fake");
      const body = await readBody(req);
      const request: FakeOpenAiRequest = { method: req.method ?? "GET", path: url.pathname, headers: req.headers, body };
      requests.push(request);
      if (opts.hang) return; // never answers; the client's timeout must cut it off

      const auth = String(req.headers.authorization ?? "");
      const key = auth.startsWith("Bearer ") ? auth.slice(7) : "";
      if (!key || (opts.apiKey !== undefined && key !== opts.apiKey)) {
        return send(res, 401, apiError(`Incorrect API key provided: ${key.slice(0, 3)}***. You can find your API key at https://platform.openai.com/account/api-keys.`, "invalid_request_error", "invalid_api_key"));
      }

      const custom = opts.reply ? await opts.reply(request) : undefined;
      if (custom !== undefined && typeof custom !== "string") return send(res, custom.status ?? 200, custom.body, custom.contentType);
      const text = custom;
      const path = url.pathname;

      if (path === "/v1/chat/completions" && req.method === "POST") {
        if (!body?.model || !Array.isArray(body.messages)) return send(res, 400, apiError("Missing required parameter: 'messages'.", "invalid_request_error", "missing_required_parameter", "messages"));
        const content = text ?? DEFAULT_TEXT;
        const promptTokens = tokens(messagesText(body.messages));
        const completionTokens = tokens(content);
        return send(res, 200, {
          id: newId("chatcmpl-"),
          object: "chat.completion",
          created: now(),
          model: body.model,
          choices: [{ index: 0, message: { role: "assistant", content, refusal: null, annotations: [] }, logprobs: null, finish_reason: "stop" }],
          usage: {
            prompt_tokens: promptTokens,
            completion_tokens: completionTokens,
            total_tokens: promptTokens + completionTokens,
            prompt_tokens_details: { cached_tokens: 0, audio_tokens: 0 },
            completion_tokens_details: { reasoning_tokens: 0, audio_tokens: 0, accepted_prediction_tokens: 0, rejected_prediction_tokens: 0 },
          },
          service_tier: "default",
          system_fingerprint: null,
        });
      }

      if (path === "/v1/responses" && req.method === "POST") {
        if (!body?.model && !body?.prompt) return send(res, 400, apiError("Missing required parameter: 'model'.", "invalid_request_error", "missing_required_parameter", "model"));
        if (body.previous_response_id && !responses.has(body.previous_response_id)) {
          return send(res, 404, apiError(`Previous response with id '${body.previous_response_id}' not found.`, "invalid_request_error", "previous_response_not_found", "previous_response_id"));
        }
        const content = text ?? DEFAULT_TEXT;
        const id = newId("resp_");
        responses.add(id);
        const inputTokens = tokens(messagesText(body.input) + (body.instructions ?? ""));
        const outputTokens = tokens(content);
        return send(res, 200, {
          id,
          object: "response",
          created_at: now(),
          status: "completed",
          error: null,
          incomplete_details: null,
          instructions: body.instructions ?? null,
          max_output_tokens: body.max_output_tokens ?? null,
          model: body.model ?? "gpt-4o-mini",
          output: [{ type: "message", id: newId("msg_"), status: "completed", role: "assistant", content: [{ type: "output_text", text: content, annotations: [] }] }],
          parallel_tool_calls: true,
          previous_response_id: body.previous_response_id ?? null,
          prompt: body.prompt ?? null,
          reasoning: { effort: null, summary: null },
          store: body.store ?? true,
          temperature: body.temperature ?? 1,
          text: { format: { type: "text" } },
          tool_choice: "auto",
          tools: [],
          top_p: 1,
          truncation: "disabled",
          usage: { input_tokens: inputTokens, input_tokens_details: { cached_tokens: 0 }, output_tokens: outputTokens, output_tokens_details: { reasoning_tokens: 0 }, total_tokens: inputTokens + outputTokens },
          user: null,
          metadata: body.metadata ?? {},
        });
      }

      const assistant = path.match(/^\/v1\/assistants\/([^/]+)$/);
      if (assistant && req.method === "GET") {
        const a = assistants[assistant[1]!];
        if (!a) return send(res, 404, apiError(`No assistant found with id '${assistant[1]}'.`, "invalid_request_error", null));
        return send(res, 200, {
          id: assistant[1],
          object: "assistant",
          created_at: now(),
          name: a.name ?? null,
          description: null,
          model: a.model,
          instructions: a.instructions,
          tools: [],
          tool_resources: {},
          metadata: {},
          temperature: a.temperature ?? 1,
          top_p: 1,
          response_format: "auto",
        });
      }

      if (path === "/v1/models" && req.method === "GET") {
        return send(res, 200, { object: "list", data: ["gpt-4o-mini", "gpt-4.1-mini", "whisper-1", "tts-1"].map((id) => ({ id, object: "model", created: 1_700_000_000, owned_by: "openai" })) });
      }

      if (path === "/v1/audio/transcriptions" && req.method === "POST") {
        if (!body?.file) return send(res, 400, apiError("Missing required parameter: 'file'.", "invalid_request_error", "missing_required_parameter", "file"));
        if (!body.model) return send(res, 400, apiError("Missing required parameter: 'model'.", "invalid_request_error", "missing_required_parameter", "model"));
        const transcript = text ?? DEFAULT_TRANSCRIPT;
        const format = body.response_format ?? "json";
        if (format === "text") return send(res, 200, transcript, "text/plain; charset=utf-8");
        if (format === "verbose_json") {
          return send(res, 200, { task: "transcribe", language: body.language ?? "portuguese", duration: 3.2, text: transcript, segments: [{ id: 0, seek: 0, start: 0, end: 3.2, text: transcript, tokens: [], temperature: 0, avg_logprob: -0.2, compression_ratio: 1, no_speech_prob: 0.01 }] });
        }
        return send(res, 200, { text: transcript, usage: { type: "tokens", input_tokens: 20, input_token_details: { text_tokens: 0, audio_tokens: 20 }, output_tokens: tokens(transcript), total_tokens: 20 + tokens(transcript) } });
      }

      if (path === "/v1/audio/speech" && req.method === "POST") {
        if (!body?.input || !body.model || !body.voice) return send(res, 400, apiError("Missing required parameter: 'input', 'model' or 'voice'.", "invalid_request_error", "missing_required_parameter"));
        const format = String(body.response_format ?? "mp3");
        const audio = Buffer.concat([Buffer.from(format === "mp3" ? "ID3" : format === "opus" ? "OggS" : "RIFF"), Buffer.from(String(body.input), "utf8")]);
        return send(res, 200, audio, AUDIO_TYPES[format] ?? "audio/mpeg");
      }

      return send(res, 404, apiError(`Invalid URL (${req.method} ${path})`, "invalid_request_error", null));
    })().catch(() => send(res, 500, apiError("The server had an error while processing your request.", "server_error", null)));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { randomUUID } from "node:crypto";

/**
 * A local Dify service API for tests, in the shapes of Dify's API reference (docs.dify.ai, "Chat App" API):
 * - `POST /v1/chat-messages` (`inputs`, `query`, `user`, `conversation_id`, `response_mode: "blocking"`, `files`) →
 *   `{ event: "message", task_id, id, message_id, conversation_id, mode: "chat", answer, metadata: { usage,
 *   retriever_resources }, created_at }`; an unknown `conversation_id` (or one of another user) is a 404
 *   `Conversation Not Exists.`;
 * - `GET /v1/parameters` → the app's parameters (`opening_statement`, `user_input_form`, …).
 * The app key is `Authorization: Bearer <key>`; errors are `{ code, message, status }` as Dify answers them.
 */
export interface FakeDifyRequest {
  method: string;
  path: string;
  headers: IncomingMessage["headers"];
  body: any;
}

export interface FakeDify {
  /** Base URL as the integration's `urldify` holds it (`http://127.0.0.1:port/v1`). */
  url: string;
  apiKey: string;
  requests: FakeDifyRequest[];
  /** conversation_id → the user it belongs to and its queries so far. */
  conversations: Map<string, { user: string; queries: string[] }>;
  close(): Promise<void>;
}

export interface FakeDifyOptions {
  apiKey?: string;
  /** The answer to a chat message: a string, or `{ status, body }` to answer exactly that; undefined for the default. */
  reply?: (req: FakeDifyRequest) => string | { status: number; body: unknown } | undefined;
  hang?: boolean;
}

async function readJson(req: IncomingMessage): Promise<any> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  if (chunks.length === 0) return undefined;
  try {
    return JSON.parse(Buffer.concat(chunks).toString("utf8"));
  } catch {
    return null;
  }
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}
const difyError = (res: ServerResponse, status: number, code: string, message: string) => send(res, status, { code, message, status });

export async function startFakeDify(opts: FakeDifyOptions = {}): Promise<FakeDify> {
  const apiKey = opts.apiKey ?? "app-fakedifykey";
  const requests: FakeDifyRequest[] = [];
  const conversations: FakeDify["conversations"] = new Map();

  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? "/", "http://fake");
      const body = await readJson(req);
      const request: FakeDifyRequest = { method: req.method ?? "GET", path: url.pathname, headers: req.headers, body };
      requests.push(request);
      if (opts.hang) return;
      if (req.headers.authorization !== `Bearer ${apiKey}`) return difyError(res, 401, "unauthorized", "Access token is invalid");

      if (url.pathname === "/v1/parameters" && req.method === "GET") {
        return send(res, 200, {
          opening_statement: "Olá! Sou o assistente da loja.",
          suggested_questions: [],
          suggested_questions_after_answer: { enabled: false },
          speech_to_text: { enabled: false },
          text_to_speech: { enabled: false, voice: "", language: "" },
          retriever_resource: { enabled: false },
          annotation_reply: { enabled: false },
          more_like_this: { enabled: false },
          user_input_form: [],
          sensitive_word_avoidance: { enabled: false, type: "", configs: [] },
          file_upload: { image: { enabled: true, number_limits: 3, detail: "high", transfer_methods: ["remote_url", "local_file"] } },
          system_parameters: { file_size_limit: 15, image_file_size_limit: 10, audio_file_size_limit: 50, video_file_size_limit: 100 },
        });
      }

      if (url.pathname === "/v1/chat-messages" && req.method === "POST") {
        if (typeof body?.query !== "string" || !body.query) return difyError(res, 400, "invalid_param", "query is required");
        if (typeof body.user !== "string" || !body.user) return difyError(res, 400, "invalid_param", "user is required");
        if (body.response_mode !== "blocking") return difyError(res, 400, "invalid_param", "this fake answers blocking mode only");
        let conversationId: string = body.conversation_id || "";
        if (conversationId) {
          const known = conversations.get(conversationId);
          if (!known || known.user !== body.user) return difyError(res, 404, "not_found", "Conversation Not Exists.");
        } else {
          conversationId = randomUUID();
          conversations.set(conversationId, { user: body.user, queries: [] });
        }
        conversations.get(conversationId)!.queries.push(body.query);
        const custom = opts.reply?.(request);
        if (custom !== undefined && typeof custom !== "string") return send(res, custom.status, custom.body);
        const answer = custom ?? `Você disse: ${body.query}`;
        const messageId = randomUUID();
        return send(res, 200, {
          event: "message",
          task_id: randomUUID(),
          id: messageId,
          message_id: messageId,
          conversation_id: conversationId,
          mode: "chat",
          answer,
          metadata: {
            usage: { prompt_tokens: 20, completion_tokens: 10, total_tokens: 30, total_price: "0.0001", currency: "USD", latency: 0.5 },
            retriever_resources: [],
          },
          created_at: Math.floor(Date.now() / 1000),
        });
      }
      return difyError(res, 404, "not_found", "The requested URL was not found on the server.");
    })().catch(() => difyError(res, 500, "internal_server_error", "Internal Server Error."));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    apiKey,
    requests,
    conversations,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

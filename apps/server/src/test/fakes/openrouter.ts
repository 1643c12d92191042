import { randomBytes } from "node:crypto";
import { sendJson, startFakeServer, type FakeRequest } from "./fake-server.js";

/**
 * A local OpenRouter API for tests (OpenAI-compatible, per OpenRouter's reference): `POST /api/v1/chat/completions`
 * with `Authorization: Bearer <key>` → `{ id: "gen-…", provider, model, object: "chat.completion", created,
 * choices: [{ index, finish_reason, native_finish_reason, message: { role: "assistant", content } }], usage }`;
 * a wrong key → 401 `{ error: { message: "No auth credentials found", code: 401 } }`.
 */
export interface FakeOpenRouterOptions {
  apiKey?: string;
  text?: string;
}

export async function startFakeOpenRouter(opts: FakeOpenRouterOptions = {}) {
  const server = await startFakeServer((req: FakeRequest, res) => {
    const auth = String(req.headers.authorization ?? "");
    const key = auth.startsWith("Bearer ") ? auth.slice(7) : "";
    if (!key || (opts.apiKey !== undefined && key !== opts.apiKey)) return sendJson(res, 401, { error: { message: "No auth credentials found", code: 401 } });
    if (req.method !== "POST" || req.path !== "/api/v1/chat/completions") return sendJson(res, 404, { error: { message: "Not Found", code: 404 } });
    if (!req.json?.model || !Array.isArray(req.json.messages)) return sendJson(res, 400, { error: { message: "Invalid request: model and messages are required", code: 400 } });
    const content = opts.text ?? "1. Agenda: reunião marcada para 25/11.";
    return sendJson(res, 200, {
      id: `gen-${randomBytes(10).toString("hex")}`,
      provider: "DeepSeek",
      model: req.json.model,
      object: "chat.completion",
      created: Math.floor(Date.now() / 1000),
      choices: [{ logprobs: null, finish_reason: "stop", native_finish_reason: "stop", index: 0, message: { role: "assistant", content, refusal: null, reasoning: null } }],
      usage: { prompt_tokens: 100, completion_tokens: 20, total_tokens: 120 },
    });
  });
  return { url: `${server.origin}/api/v1`, requests: server.requests, close: server.close };
}

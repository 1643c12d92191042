import { sendJson, startFakeServer, type FakeRequest } from "./fake-server.js";

/**
 * A local Gemini API for tests, in the shapes of Google's REST reference: `POST /v1beta/models/{model}:generateContent`
 * with `x-goog-api-key` (or `?key=`), body `{ contents: [{ role, parts: [{ text }] }], generationConfig }` →
 * `{ candidates: [{ content: { parts: [{ text }], role: "model" }, finishReason: "STOP", index: 0 }], usageMetadata,
 * modelVersion }`; a bad key → 400 `{ error: { code: 400, message: "API key not valid. …", status: "INVALID_ARGUMENT" } }`.
 */
export interface FakeGeminiOptions {
  apiKey?: string;
  text?: string;
}

export async function startFakeGemini(opts: FakeGeminiOptions = {}) {
  const server = await startFakeServer((req: FakeRequest, res) => {
    const key = String(req.headers["x-goog-api-key"] ?? req.query.get("key") ?? "");
    if (!key || (opts.apiKey !== undefined && key !== opts.apiKey)) {
      return sendJson(res, 400, {
        error: {
          code: 400,
          message: "API key not valid. Please pass a valid API key.",
          status: "INVALID_ARGUMENT",
          details: [{ "@type": "type.googleapis.com/google.rpc.ErrorInfo", reason: "API_KEY_INVALID", domain: "googleapis.com" }],
        },
      });
    }
    const match = /^\/v1beta\/models\/([^/:]+):generateContent$/.exec(req.path);
    if (req.method !== "POST" || !match) return sendJson(res, 404, { error: { code: 404, message: "Not found", status: "NOT_FOUND" } });
    if (!Array.isArray(req.json?.contents) || req.json.contents.length === 0) {
      return sendJson(res, 400, { error: { code: 400, message: "* GenerateContentRequest.contents: contents is not specified", status: "INVALID_ARGUMENT" } });
    }
    const text = opts.text ?? "1. Entregas: o grupo combinou os horários (24/11).";
    return sendJson(res, 200, {
      candidates: [{ content: { parts: [{ text }], role: "model" }, finishReason: "STOP", avgLogprobs: -0.1, index: 0 }],
      usageMetadata: { promptTokenCount: 120, candidatesTokenCount: 30, totalTokenCount: 150, promptTokensDetails: [{ modality: "TEXT", tokenCount: 120 }] },
      modelVersion: decodeURIComponent(match[1]!),
      responseId: "fake-response",
    });
  });
  return { url: server.origin, requests: server.requests, close: server.close };
}

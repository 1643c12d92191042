import { randomUUID } from "node:crypto";
import { sendJson, startFakeServer, type FakeRequest } from "./fake-server.js";

/**
 * A local Deepgram pre-recorded API for tests, in the shapes of Deepgram's reference: `POST /v1/listen` with the
 * audio as the body and `Authorization: Token <key>` → `{ metadata, results: { channels: [{ alternatives:
 * [{ transcript, confidence, words }] }] } }`; a wrong key → 401 `{ err_code: "INVALID_AUTH", err_msg, request_id }`.
 */
export interface FakeDeepgramOptions {
  apiKey?: string;
  transcript?: string;
  /** Answer every listen with this status and Deepgram's error body. */
  failWith?: number;
}

export async function startFakeDeepgram(opts: FakeDeepgramOptions = {}) {
  const server = await startFakeServer((req: FakeRequest, res) => {
    const requestId = randomUUID();
    const auth = String(req.headers.authorization ?? "");
    const key = auth.startsWith("Token ") ? auth.slice(6) : "";
    if (!key || (opts.apiKey !== undefined && key !== opts.apiKey)) {
      return sendJson(res, 401, { err_code: "INVALID_AUTH", err_msg: "Invalid credentials.", request_id: requestId });
    }
    if (req.method !== "POST" || req.path !== "/v1/listen") return sendJson(res, 404, { err_code: "NOT_FOUND", err_msg: "Not found", request_id: requestId });
    if (opts.failWith) return sendJson(res, opts.failWith, { err_code: "Bad Request", err_msg: "Bad Request: failed to process audio: corrupt or unsupported data", request_id: requestId });
    if (req.body.length === 0) return sendJson(res, 400, { err_code: "Bad Request", err_msg: "Bad Request: payload was empty", request_id: requestId });
    const transcript = opts.transcript ?? "Bom dia, quero confirmar meu pedido.";
    return sendJson(res, 200, {
      metadata: {
        transaction_key: "deprecated",
        request_id: requestId,
        sha256: "0".repeat(64),
        created: new Date().toISOString(),
        duration: 2.5,
        channels: 1,
        models: [randomUUID()],
        model_info: {},
      },
      results: {
        channels: [
          {
            detected_language: "pt",
            language_confidence: 0.98,
            alternatives: [
              {
                transcript,
                confidence: 0.99,
                words: transcript.split(" ").map((word, i) => ({ word, start: i * 0.3, end: i * 0.3 + 0.25, confidence: 0.99, punctuated_word: word })),
              },
            ],
          },
        ],
      },
    });
  });
  return { url: server.origin, requests: server.requests, close: server.close };
}

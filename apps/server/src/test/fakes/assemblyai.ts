import { randomUUID } from "node:crypto";
import { sendJson, startFakeServer, type FakeRequest } from "./fake-server.js";

/**
 * A local AssemblyAI API for tests, in the shapes of AssemblyAI's reference (`authorization: <key>`):
 * - `POST /v2/upload` (the bytes) → `{ upload_url }`;
 * - `POST /v2/transcript` `{ audio_url, … }` → the transcript `{ id, status: "queued", audio_url, text: null, … }`;
 * - `GET /v2/transcript/{id}` → `processing` for `pollsBeforeDone` looks, then `completed` with `text` (or `error`
 *   with `error` when `failTranscript` is set).
 * A wrong key → 401 `{ error: "Authentication error, API token missing/invalid" }`.
 */
export interface FakeAssemblyAiOptions {
  apiKey?: string;
  text?: string;
  pollsBeforeDone?: number;
  failTranscript?: string;
}

export async function startFakeAssemblyAi(opts: FakeAssemblyAiOptions = {}) {
  const uploads = new Set<string>();
  const transcripts = new Map<string, { audio_url: string; polls: number }>();
  let origin = "";
  const server = await startFakeServer((req: FakeRequest, res) => {
    const key = String(req.headers.authorization ?? "");
    if (!key || (opts.apiKey !== undefined && key !== opts.apiKey)) {
      return sendJson(res, 401, { error: "Authentication error, API token missing/invalid" });
    }
    if (req.method === "POST" && req.path === "/v2/upload") {
      if (req.body.length === 0) return sendJson(res, 400, { error: "Upload failed, please try again." });
      const url = `${origin}/upload/${randomUUID()}`;
      uploads.add(url);
      return sendJson(res, 200, { upload_url: url });
    }
    if (req.method === "POST" && req.path === "/v2/transcript") {
      const audioUrl = req.json?.audio_url;
      if (typeof audioUrl !== "string" || !uploads.has(audioUrl)) return sendJson(res, 400, { error: "Invalid audio_url" });
      const id = randomUUID();
      transcripts.set(id, { audio_url: audioUrl, polls: 0 });
      return sendJson(res, 200, transcriptBody(id, audioUrl, "queued", null));
    }
    const match = /^\/v2\/transcript\/([^/]+)$/.exec(req.path);
    if (req.method === "GET" && match) {
      const t = transcripts.get(match[1]!);
      if (!t) return sendJson(res, 404, { error: "Transcript not found" });
      t.polls += 1;
      if (t.polls <= (opts.pollsBeforeDone ?? 1)) return sendJson(res, 200, transcriptBody(match[1]!, t.audio_url, "processing", null));
      if (opts.failTranscript) return sendJson(res, 200, { ...transcriptBody(match[1]!, t.audio_url, "error", null), error: opts.failTranscript });
      return sendJson(res, 200, transcriptBody(match[1]!, t.audio_url, "completed", opts.text ?? "Oi, tudo bem? Preciso de ajuda com a entrega."));
    }
    return sendJson(res, 404, { error: "Not found" });
  });
  origin = server.origin;
  return { url: server.origin, requests: server.requests, close: server.close };
}

function transcriptBody(id: string, audioUrl: string, status: string, text: string | null) {
  return {
    id,
    audio_url: audioUrl,
    status,
    language_code: status === "completed" ? "pt" : null,
    language_detection: true,
    text,
    words: text ? text.split(" ").map((word, i) => ({ text: word, start: i * 300, end: i * 300 + 250, confidence: 0.98, speaker: null })) : null,
    confidence: text ? 0.97 : null,
    audio_duration: text ? 3 : null,
    punctuate: true,
    format_text: true,
    error: undefined as string | undefined,
  };
}

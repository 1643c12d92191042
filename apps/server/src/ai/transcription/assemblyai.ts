import type { Transcriber, TranscriberOptions } from "./transcriber.js";
import { AiProviderError, asProviderError, errorOfResponse } from "../provider-error.js";

interface TranscriptResponse {
  id?: string;
  status?: "queued" | "processing" | "completed" | "error";
  text?: string | null;
  error?: string;
}

export interface AssemblyAiOptions extends TranscriberOptions {
  /** Between two looks at a transcript still in progress (default 3 s). */
  pollIntervalMs?: number;
  /** How long to wait for it in all (default 10 minutes; the job tries again later). */
  maxWaitMs?: number;
}

/**
 * AssemblyAI's async API with plain fetch on the guarded client (`authorization: <key>`): `POST /v2/upload` (the
 * bytes) → `upload_url`; `POST /v2/transcript` `{ audio_url, language_detection }` → `id`; then
 * `GET /v2/transcript/{id}` until `status` is `completed` (`text`) or `error` (`error`).
 */
export function assemblyAiTranscriber(options: AssemblyAiOptions): Transcriber {
  const pollMs = options.pollIntervalMs ?? 3_000;
  const maxWaitMs = options.maxWaitMs ?? 10 * 60_000;
  return {
    async transcribe({ key, audio, signal }) {
      const call = async (path: string, init: RequestInit): Promise<any> => {
        let response: Response;
        try {
          response = await options.fetch(new URL(path, options.baseUrl), {
            ...init,
            headers: { authorization: key, ...(init.headers as Record<string, string>) },
            signal,
            timeoutMs: options.timeoutMs,
          });
        } catch (err) {
          throw asProviderError("assemblyai", err);
        }
        if (!response.ok) throw await errorOfResponse("assemblyai", response);
        return response.json().catch(() => {
          throw new AiProviderError("assemblyai: answer is not JSON", true);
        });
      };

      const uploaded = (await call("/v2/upload", {
        method: "POST",
        headers: { "content-type": "application/octet-stream" },
        body: new Uint8Array(audio),
      })) as { upload_url?: string };
      if (!uploaded.upload_url) throw new AiProviderError("assemblyai: upload without upload_url", true);
      let transcript = (await call("/v2/transcript", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ audio_url: uploaded.upload_url, language_detection: true }),
      })) as TranscriptResponse;
      if (!transcript.id) throw new AiProviderError("assemblyai: transcript without id", true);
      const started = Date.now();
      while (transcript.status !== "completed") {
        if (transcript.status === "error") throw new AiProviderError(`assemblyai: ${transcript.error ?? "transcription failed"}`, false);
        if (Date.now() - started > maxWaitMs) throw new AiProviderError("assemblyai: transcript not ready in time", true);
        await new Promise((resolve) => setTimeout(resolve, pollMs));
        signal?.throwIfAborted();
        transcript = (await call(`/v2/transcript/${encodeURIComponent(transcript.id!)}`, { method: "GET" })) as TranscriptResponse;
      }
      return (transcript.text ?? "").trim();
    },
  };
}

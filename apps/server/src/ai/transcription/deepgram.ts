import type { Transcriber, TranscriberOptions } from "./transcriber.js";
import { AiProviderError, asProviderError, errorOfResponse } from "../provider-error.js";

/** Deepgram's pre-recorded model; the language is detected (customers write in more than one). */
export const DEEPGRAM_MODEL = "nova-2";

interface ListenResponse {
  results?: { channels?: Array<{ alternatives?: Array<{ transcript?: string }> }> };
}

/**
 * Deepgram's pre-recorded audio API (`POST /v1/listen`, the file as the body, `Authorization: Token <key>`), with
 * plain fetch on the guarded client: the transcript is `results.channels[0].alternatives[0].transcript`.
 */
export function deepgramTranscriber(options: TranscriberOptions): Transcriber {
  return {
    async transcribe({ key, audio, mimeType, signal }) {
      const url = new URL("/v1/listen", options.baseUrl);
      url.searchParams.set("model", DEEPGRAM_MODEL);
      url.searchParams.set("smart_format", "true");
      url.searchParams.set("detect_language", "true");
      let response: Response;
      try {
        response = await options.fetch(url, {
          method: "POST",
          headers: { authorization: `Token ${key}`, "content-type": mimeType.split(";")[0]!.trim() || "application/octet-stream" },
          body: new Uint8Array(audio),
          signal,
          timeoutMs: options.timeoutMs,
        });
      } catch (err) {
        throw asProviderError("deepgram", err);
      }
      if (!response.ok) throw await errorOfResponse("deepgram", response);
      const body = (await response.json().catch(() => null)) as ListenResponse | null;
      const transcript = body?.results?.channels?.[0]?.alternatives?.[0]?.transcript;
      if (typeof transcript !== "string") throw new AiProviderError("deepgram: answer without a transcript", false);
      return transcript.trim();
    },
  };
}

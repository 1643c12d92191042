import { loadOpenAi } from "../openai-sdk.js";
import mime from "mime-types";
import type { Transcriber, TranscriberOptions } from "./transcriber.js";
import { asProviderError } from "../provider-error.js";

/** OpenAI's speech to text model (POST /v1/audio/transcriptions). */
export const OPENAI_TRANSCRIBE_MODEL = "whisper-1";

/** OpenAI's transcriptions through the official package, on the guarded fetch and the configured base URL. */
export function openAiTranscriber(options: TranscriberOptions): Transcriber {
  return {
    async transcribe({ key, audio, mimeType, signal }) {
      const { default: OpenAI, toFile } = await loadOpenAi();
      const client = new OpenAI({
        apiKey: key,
        baseURL: options.baseUrl,
        // The upload is multipart: the guarded fetch encodes the SDK's FormData.
        fetch: options.fetch as never,
        // The job retries; the package must not multiply the attempts.
        maxRetries: 0,
        timeout: options.timeoutMs,
      });
      const type = mimeType.split(";")[0]!.trim();
      const ext = mime.extension(type) || "ogg";
      try {
        const file = await toFile(audio, `audio.${ext === "oga" ? "ogg" : ext}`, { type });
        const result = await client.audio.transcriptions.create({ file, model: OPENAI_TRANSCRIBE_MODEL, response_format: "json" }, { signal });
        return result.text.trim();
      } catch (err) {
        throw asProviderError("openai", err);
      }
    },
  };
}

import type { Summarizer, SummarizerOptions } from "./summarizer.js";
import { AiProviderError, asProviderError, errorOfResponse } from "../provider-error.js";

interface GenerateContentResponse {
  candidates?: Array<{ content?: { parts?: Array<{ text?: string }> }; finishReason?: string }>;
  promptFeedback?: { blockReason?: string };
}

/**
 * Gemini's REST `POST /v1beta/models/{model}:generateContent` (key in `x-goog-api-key`), with plain fetch on the
 * guarded client: the text is the first candidate's parts.
 */
export function geminiSummarizer(options: SummarizerOptions): Summarizer {
  return {
    async summarize({ key, model, prompt, maxTokens, temperature, signal }) {
      const url = new URL(`/v1beta/models/${encodeURIComponent(model)}:generateContent`, options.baseUrl);
      let response: Response;
      try {
        response = await options.fetch(url, {
          method: "POST",
          headers: { "content-type": "application/json", "x-goog-api-key": key },
          body: JSON.stringify({
            contents: [{ role: "user", parts: [{ text: prompt }] }],
            generationConfig: { maxOutputTokens: maxTokens, temperature },
          }),
          signal,
          timeoutMs: options.timeoutMs,
        });
      } catch (err) {
        throw asProviderError("gemini", err);
      }
      if (!response.ok) throw await errorOfResponse("gemini", response);
      const body = (await response.json().catch(() => null)) as GenerateContentResponse | null;
      if (body?.promptFeedback?.blockReason) throw new AiProviderError(`gemini: prompt blocked (${body.promptFeedback.blockReason})`, false);
      const text = (body?.candidates?.[0]?.content?.parts ?? []).map((p) => p.text ?? "").join("").trim();
      if (!text) throw new AiProviderError("gemini: empty answer", true);
      return text;
    },
  };
}

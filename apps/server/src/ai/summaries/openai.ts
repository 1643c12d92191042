import { loadOpenAi } from "../openai-sdk.js";
import type { Summarizer, SummarizerOptions } from "./summarizer.js";
import { AiProviderError, asProviderError } from "../provider-error.js";

/**
 * Chat completions through the official package, on the guarded fetch and the configured base URL. OpenRouter speaks
 * the same API, so its adapter is this one with its own base URL and name.
 */
export function chatCompletionsSummarizer(options: SummarizerOptions & { provider: string; headers?: Record<string, string> }): Summarizer {
  return {
    async summarize({ key, model, prompt, maxTokens, temperature, signal }) {
      const { default: OpenAI } = await loadOpenAi();
      const client = new OpenAI({
        apiKey: key,
        baseURL: options.baseUrl,
        fetch: options.fetch as never,
        maxRetries: 0,
        timeout: options.timeoutMs,
        defaultHeaders: options.headers,
      });
      try {
        const completion = await client.chat.completions.create(
          { model, messages: [{ role: "user", content: prompt }], max_tokens: maxTokens, temperature },
          { signal },
        );
        const text = completion.choices[0]?.message?.content;
        if (typeof text !== "string" || !text.trim()) throw new AiProviderError(`${options.provider}: empty answer`, true);
        return text.trim();
      } catch (err) {
        throw asProviderError(options.provider, err);
      }
    },
  };
}

export function openAiSummarizer(options: SummarizerOptions): Summarizer {
  return chatCompletionsSummarizer({ ...options, provider: "openai" });
}

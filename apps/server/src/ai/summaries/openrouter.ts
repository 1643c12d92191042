import type { Summarizer, SummarizerOptions } from "./summarizer.js";
import { chatCompletionsSummarizer } from "./openai.js";

/** OpenRouter's OpenAI-compatible chat completions (`POST {OPENROUTER_API_URL}/chat/completions`, bearer key). */
export function openRouterSummarizer(options: SummarizerOptions): Summarizer {
  // X-Title names the app in OpenRouter's dashboards (optional header of its API).
  return chatCompletionsSummarizer({ ...options, provider: "openrouter", headers: { "X-Title": "Atendo" } });
}

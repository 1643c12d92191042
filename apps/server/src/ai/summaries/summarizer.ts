import type { OutboundFetch } from "../../outbound/outbound-fetch.js";

/** One prompt to a model's text answer. Each provider (openai, gemini, openrouter) is an adapter behind this. */
export interface SummaryRequest {
  key: string;
  model: string;
  prompt: string;
  maxTokens: number;
  temperature: number;
  signal?: AbortSignal;
}

export interface Summarizer {
  summarize(request: SummaryRequest): Promise<string>;
}

export interface SummarizerOptions {
  baseUrl: string;
  fetch: OutboundFetch;
  timeoutMs?: number;
}

import type { SummaryProvider } from "@atendo/shared";
import type { AppDeps } from "../../app-deps.js";
import type { Summarizer, SummaryRequest } from "./summarizer.js";
import { openAiSummarizer } from "./openai.js";
import { geminiSummarizer } from "./gemini.js";
import { openRouterSummarizer } from "./openrouter.js";

type Deps = Pick<AppDeps, "config" | "outbound">;

export function summarizerFor(deps: Deps, provider: SummaryProvider): Summarizer {
  const common = { fetch: deps.outbound.fetch, timeoutMs: deps.config.outboundTimeoutMs };
  switch (provider) {
    case "openai":
      return openAiSummarizer({ ...common, baseUrl: deps.config.openaiApiUrl ?? "https://api.openai.com/v1" });
    case "gemini":
      return geminiSummarizer({ ...common, baseUrl: deps.config.geminiApiUrl ?? "https://generativelanguage.googleapis.com" });
    case "openrouter":
      return openRouterSummarizer({ ...common, baseUrl: deps.config.openrouterApiUrl ?? "https://openrouter.ai/api/v1" });
  }
}

/** A prompt to the provider's model on the guarded client and the company's circuit for that provider. */
export function summarizeText(deps: Deps, companyId: number, provider: SummaryProvider, request: SummaryRequest): Promise<string> {
  const summarizer = summarizerFor(deps, provider);
  return deps.outbound.circuit.run(`${companyId}:summary-${provider}`, () => summarizer.summarize(request));
}

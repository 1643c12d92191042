import type { ConversationAdapter } from "../conversation-adapter.js";
import { promptAdapter } from "../../ai/prompt-adapter.js";
import { dialogflowAdapter } from "./dialogflow.js";
import { difyAdapter } from "./dify.js";
import { openAiAssistAdapter } from "./openaiassist.js";
import { flowiseAdapter } from "./flowise.js";
import { typebotAdapter } from "./typebot.js";
import { n8nAdapter, webhookAdapter } from "./webhook.js";

/**
 * The registry: integration type (or "prompt") → its adapter. The runtime and testSession look adapters up here
 * only; a type without one hands the ticket to a human with a note (and testSession answers ok: false). Adapters
 * read the servers' base URLs (OPENAI_API_URL, DIALOGFLOW_API_URL, …) from their config: see `serviceSettingsOf`.
 */
const ADAPTERS = new Map<string, ConversationAdapter<unknown>>(
  [webhookAdapter, n8nAdapter, typebotAdapter, difyAdapter, flowiseAdapter, openAiAssistAdapter, dialogflowAdapter, promptAdapter].map((adapter) => [adapter.type, adapter as ConversationAdapter<unknown>]),
);

export function adapterFor(type: string): ConversationAdapter<unknown> | undefined {
  return ADAPTERS.get(type);
}

/** The server's settings every adapter config carries (base URLs and models), so tests reach their local fakes. */
export function serviceSettingsOf(config: {
  openaiApiUrl?: string;
  dialogflowApiUrl?: string;
  openaiModel?: string;
  azureSpeechUrl?: string;
}): Record<string, unknown> {
  return {
    ...(config.openaiApiUrl ? { openaiApiUrl: config.openaiApiUrl } : {}),
    ...(config.dialogflowApiUrl ? { dialogflowApiUrl: config.dialogflowApiUrl } : {}),
    ...(config.openaiModel ? { openaiModel: config.openaiModel } : {}),
    ...(config.azureSpeechUrl ? { azureSpeechUrl: config.azureSpeechUrl } : {}),
  };
}

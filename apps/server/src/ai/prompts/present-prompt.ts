import type { PromptView } from "@atendo/shared";
import type { SecretBox } from "../../whatsapp/crypto/secret-box.js";
import type { prompts } from "../../db/schema.js";
import { maskPromptSecret } from "./prompt-secrets.js";

export type PromptRow = typeof prompts.$inferSelect;
export type PromptQueue = { id: number; name: string; color: string } | null;

/** What leaves the server about a prompt: never a key, only whether one is set (masked). */
export function presentPrompt(box: SecretBox, row: PromptRow, queue: PromptQueue): PromptView {
  return {
    id: row.id,
    name: row.name,
    prompt: row.prompt,
    voice: row.voice,
    voiceRegion: row.voiceRegion,
    maxTokens: row.maxTokens,
    temperature: Number(row.temperature),
    maxMessages: row.maxMessages,
    queueId: row.queueId,
    queue,
    apiKeyMasked: maskPromptSecret(box, row.companyId, "apiKey", row.apiKey),
    voiceKeyMasked: maskPromptSecret(box, row.companyId, "voiceKey", row.voiceKey),
    companyId: row.companyId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

import type { PromptCreateData, PromptView } from "@atendo/shared";
import type { Db } from "../../db/client.js";
import { prompts } from "../../db/schema.js";
import { sealPromptSecret } from "./prompt-secrets.js";
import { assertPromptQueue, linkPromptQueue } from "./link-prompt-queue.js";
import { promptQueue } from "./get-prompt.js";
import { presentPrompt } from "./present-prompt.js";
import type { SecretBox } from "../../whatsapp/crypto/secret-box.js";

export interface SavedPrompt {
  prompt: PromptView;
  /** Queues whose `promptId` changed with the save (their cards are told). */
  changedQueueIds: number[];
}

/** POST /prompt: the keys are sealed before they are stored; the queue starts answering with the prompt. */
export async function createPrompt(deps: { db: Db; box: SecretBox }, companyId: number, input: PromptCreateData): Promise<SavedPrompt> {
  const { db, box } = deps;
  await assertPromptQueue(db, companyId, input.queueId);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(prompts)
      .values({
        companyId,
        name: input.name,
        prompt: input.prompt,
        voice: input.voice,
        voiceKey: input.voiceKey ? sealPromptSecret(box, companyId, "voiceKey", input.voiceKey) : null,
        voiceRegion: input.voiceRegion,
        maxTokens: input.maxTokens,
        temperature: input.temperature,
        apiKey: sealPromptSecret(box, companyId, "apiKey", input.apiKey),
        queueId: input.queueId,
        maxMessages: input.maxMessages,
      })
      .returning();
    const changedQueueIds = await linkPromptQueue(tx, companyId, row!.id, row!.queueId);
    return { prompt: presentPrompt(box, row!, await promptQueue(tx, companyId, row!.queueId)), changedQueueIds };
  });
}

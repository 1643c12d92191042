import { eq } from "drizzle-orm";
import { PROMPT_TEXT_ONLY_VOICE, V, type PromptUpdateData } from "@atendo/shared";
import type { Db } from "../../db/client.js";
import { prompts } from "../../db/schema.js";
import { inCompany } from "../../db/tenant.js";
import { AppError, validationError } from "../../errors.js";
import type { SecretBox } from "../../whatsapp/crypto/secret-box.js";
import { sealPromptSecret } from "./prompt-secrets.js";
import { assertPromptQueue, linkPromptQueue } from "./link-prompt-queue.js";
import { findPrompt, promptQueue } from "./get-prompt.js";
import { presentPrompt } from "./present-prompt.js";
import type { SavedPrompt } from "./create-prompt.js";

/**
 * PUT /prompt/{id}. Keys are write-only: an absent or empty `apiKey` keeps the stored one (the form never has it);
 * `voiceKey` absent keeps it, "" or null clears it. A voice needs a voice key, sent now or stored.
 */
export async function updatePrompt(deps: { db: Db; box: SecretBox }, companyId: number, promptId: number, input: PromptUpdateData): Promise<SavedPrompt> {
  const { db, box } = deps;
  const current = await findPrompt(db, companyId, promptId);
  await assertPromptQueue(db, companyId, input.queueId);
  const voiceKey =
    input.voiceKey === undefined ? current.voiceKey : input.voiceKey ? sealPromptSecret(box, companyId, "voiceKey", input.voiceKey) : null;
  if (input.voice !== PROMPT_TEXT_ONLY_VOICE && !voiceKey) throw validationError([{ path: "body.voiceKey", message: V.required }]);

  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(prompts)
      .set({
        name: input.name,
        prompt: input.prompt,
        voice: input.voice,
        voiceKey,
        voiceRegion: input.voiceRegion,
        maxTokens: input.maxTokens,
        temperature: input.temperature,
        ...(input.apiKey ? { apiKey: sealPromptSecret(box, companyId, "apiKey", input.apiKey) } : {}),
        queueId: input.queueId,
        maxMessages: input.maxMessages,
        updatedAt: new Date(),
      })
      .where(inCompany(prompts, companyId, eq(prompts.id, promptId)))
      .returning();
    if (!row) throw new AppError("ERR_NO_PROMPT_FOUND", 404);
    const changedQueueIds = await linkPromptQueue(tx, companyId, row.id, row.queueId);
    return { prompt: presentPrompt(box, row, await promptQueue(tx, companyId, row.queueId)), changedQueueIds };
  });
}

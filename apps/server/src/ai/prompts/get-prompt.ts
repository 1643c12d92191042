import { asc, eq } from "drizzle-orm";
import type { PromptList, PromptView } from "@atendo/shared";
import type { DbOrTx } from "../../db/client.js";
import { prompts, queues } from "../../db/schema.js";
import { inCompany } from "../../db/tenant.js";
import { AppError } from "../../errors.js";
import type { PromptDeps } from "./prompt-deps.js";
import { presentPrompt, type PromptRow } from "./present-prompt.js";

/** The stored row of one of the company's prompts; ERR_NO_PROMPT_FOUND (404) for anyone else's. */
export async function findPrompt(db: DbOrTx, companyId: number, promptId: number): Promise<PromptRow> {
  const [row] = await db.select().from(prompts).where(inCompany(prompts, companyId, eq(prompts.id, promptId)));
  if (!row) throw new AppError("ERR_NO_PROMPT_FOUND", 404);
  return row;
}

/** The company's prompts with their queue, by name (GET /prompt → { prompts }; the page has no paging). */
export async function listPrompts(deps: PromptDeps, companyId: number): Promise<PromptList> {
  const rows = await deps.db
    .select({ prompt: prompts, queue: { id: queues.id, name: queues.name, color: queues.color } })
    .from(prompts)
    .leftJoin(queues, eq(queues.id, prompts.queueId))
    .where(inCompany(prompts, companyId))
    .orderBy(asc(prompts.name), asc(prompts.id));
  return { prompts: rows.map((r) => presentPrompt(deps.box, r.prompt, r.queue)) };
}

export async function getPrompt(deps: PromptDeps, companyId: number, promptId: number): Promise<PromptView> {
  const row = await findPrompt(deps.db, companyId, promptId);
  return presentPrompt(deps.box, row, await promptQueue(deps.db, companyId, row.queueId));
}

export async function promptQueue(db: DbOrTx, companyId: number, queueId: number | null): Promise<PromptView["queue"]> {
  if (queueId === null) return null;
  const [queue] = await db
    .select({ id: queues.id, name: queues.name, color: queues.color })
    .from(queues)
    .where(inCompany(queues, companyId, eq(queues.id, queueId)));
  return queue ?? null;
}

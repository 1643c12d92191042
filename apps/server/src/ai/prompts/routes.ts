import { companyEvent, idParamsSchema, promptCreateSchema, promptUpdateSchema, type PromptEventPayload } from "@atendo/shared";
import type { App } from "../../http/types.js";
import { authOf } from "../../http/authenticate.js";
import { getQueue } from "../../queues/get-queue.js";
import { promptSecretBox } from "./prompt-secrets.js";
import { getPrompt, listPrompts } from "./get-prompt.js";
import { createPrompt } from "./create-prompt.js";
import { updatePrompt } from "./update-prompt.js";
import { deletePrompt } from "./delete-prompt.js";

/** The key the client translates and shows as info after a delete (spec 7: DELETE /prompt/{id} returns a message). */
export const PROMPT_DELETED_MESSAGE = "prompts.deleted";

/** AI prompts (administration sections 2, 3, 5, 7): every call needs the plan flag useOpenAi. */
export async function promptsRoutes(app: App): Promise<void> {
  const permission = "prompts:use" as const;
  const params = { id: { resource: "prompts" as const } };
  const example = {
    body: {
      name: "Walk prompt",
      prompt: "Você é um atendente virtual cordial. Responda em português com frases curtas e objetivas.",
      apiKey: "sk-walk-0000000000",
      queueId: 1,
    },
  };
  const { db, realtime, config } = app.deps;
  const box = promptSecretBox(config.whatsappEncryptionKey);

  const emit = (companyId: number, payload: PromptEventPayload) => realtime.toCompany(companyId, companyEvent.prompt(companyId), payload);
  /** The queues whose prompt changed are told too (their cards show it). */
  const emitQueues = async (companyId: number, queueIds: number[]) => {
    for (const id of queueIds) {
      const queue = await getQueue(db, companyId, id).catch(() => null);
      if (queue) realtime.toCompany(companyId, companyEvent.queue(companyId), { action: "update", queue });
    }
  };

  app.get("/prompt", { config: { permission } }, async (request) => listPrompts({ db, box }, authOf(request).companyId));

  app.get("/prompt/:id", { schema: { params: idParamsSchema }, config: { permission, params } }, async (request) =>
    getPrompt({ db, box }, authOf(request).companyId, request.params.id),
  );

  app.post("/prompt", { schema: { body: promptCreateSchema }, config: { permission, example } }, async (request, reply) => {
    const { companyId } = authOf(request);
    const { prompt, changedQueueIds } = await createPrompt({ db, box }, companyId, request.body);
    emit(companyId, { action: "create", prompt });
    await emitQueues(companyId, changedQueueIds);
    return reply.status(201).send(prompt);
  });

  app.put(
    "/prompt/:id",
    { schema: { params: idParamsSchema, body: promptUpdateSchema }, config: { permission, params, example } },
    async (request) => {
      const { companyId } = authOf(request);
      const { prompt, changedQueueIds } = await updatePrompt({ db, box }, companyId, request.params.id, request.body);
      emit(companyId, { action: "update", prompt });
      await emitQueues(companyId, changedQueueIds);
      return prompt;
    },
  );

  app.delete("/prompt/:id", { schema: { params: idParamsSchema }, config: { permission, params } }, async (request) => {
    const { companyId } = authOf(request);
    const changedQueueIds = await deletePrompt(db, companyId, request.params.id);
    emit(companyId, { action: "delete", promptId: request.params.id });
    await emitQueues(companyId, changedQueueIds);
    return { message: PROMPT_DELETED_MESSAGE };
  });
}

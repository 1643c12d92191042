import type { QueueIntegrationData, QueueIntegrationSavedView } from "@atendo/shared";
import type { Db } from "../db/client.js";
import { queueIntegrations } from "../db/schema.js";
import type { SecretBox } from "../whatsapp/crypto/secret-box.js";
import { integrationValuesOf } from "./integration-values.js";
import { presentQueueIntegration } from "./present-queue-integration.js";

/** An admin adds an integration; webhook and n8n answer their new signing secret once (`newWebhookSecret`). */
export async function createQueueIntegration(db: Db, box: SecretBox, companyId: number, input: QueueIntegrationData): Promise<QueueIntegrationSavedView> {
  const { values, newWebhookSecret } = integrationValuesOf(box, companyId, input);
  const [row] = await db
    .insert(queueIntegrations)
    .values({ ...values, companyId, type: input.type, name: values.name ?? "" })
    .returning();
  return { ...presentQueueIntegration(box, row!), ...(newWebhookSecret ? { newWebhookSecret } : {}) };
}

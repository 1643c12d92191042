import { eq } from "drizzle-orm";
import type { QueueIntegrationData, QueueIntegrationSavedView } from "@atendo/shared";
import type { Db } from "../db/client.js";
import { queueIntegrations } from "../db/schema.js";
import { inCompany } from "../db/tenant.js";
import { AppError } from "../errors.js";
import type { SecretBox } from "../whatsapp/crypto/secret-box.js";
import { findQueueIntegration } from "./find-queue-integration.js";
import { integrationValuesOf } from "./integration-values.js";
import { presentQueueIntegration } from "./present-queue-integration.js";

/** An admin edits an integration. Secrets sent back masked keep their value; `rotateSecret` answers a new one once. */
export async function updateQueueIntegration(db: Db, box: SecretBox, companyId: number, id: number, input: QueueIntegrationData): Promise<QueueIntegrationSavedView> {
  const current = await findQueueIntegration(db, companyId, id);
  const { values, newWebhookSecret } = integrationValuesOf(box, companyId, input, current);
  const [row] = await db.update(queueIntegrations).set(values).where(inCompany(queueIntegrations, companyId, eq(queueIntegrations.id, id))).returning();
  if (!row) throw new AppError("ERR_NO_INTEGRATION_FOUND", 404);
  return { ...presentQueueIntegration(box, row), ...(newWebhookSecret ? { newWebhookSecret } : {}) };
}

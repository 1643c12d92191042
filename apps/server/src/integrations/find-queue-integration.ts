import { eq } from "drizzle-orm";
import type { DbOrTx } from "../db/client.js";
import { queueIntegrations } from "../db/schema.js";
import { inCompany } from "../db/tenant.js";
import { AppError } from "../errors.js";
import type { QueueIntegrationRow } from "./present-queue-integration.js";

/** The company's integration, or 404 ERR_NO_INTEGRATION_FOUND (another company's id included). */
export async function findQueueIntegration(db: DbOrTx, companyId: number, id: number): Promise<QueueIntegrationRow> {
  const [row] = await db.select().from(queueIntegrations).where(inCompany(queueIntegrations, companyId, eq(queueIntegrations.id, id)));
  if (!row) throw new AppError("ERR_NO_INTEGRATION_FOUND", 404);
  return row;
}

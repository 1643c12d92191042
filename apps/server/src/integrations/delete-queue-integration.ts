import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { queueIntegrations, tickets } from "../db/schema.js";
import { inCompany } from "../db/tenant.js";
import { findQueueIntegration } from "./find-queue-integration.js";

/**
 * An admin deletes an integration: queues using it lose it (the foreign key sets null) and tickets it was holding
 * stop being held (they stay pending in their queue for a human).
 */
export async function deleteQueueIntegration(db: Db, companyId: number, id: number): Promise<void> {
  await findQueueIntegration(db, companyId, id);
  await db.transaction(async (tx) => {
    await tx
      .update(tickets)
      .set({ useIntegration: false, integrationId: null })
      .where(and(inCompany(tickets, companyId, eq(tickets.integrationId, id))));
    await tx.delete(queueIntegrations).where(inCompany(queueIntegrations, companyId, eq(queueIntegrations.id, id)));
  });
}

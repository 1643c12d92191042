import { asc, eq, inArray } from "drizzle-orm";
import type { WhatsAppView } from "@atendo/shared";
import type { DbOrTx } from "../db/client.js";
import { queues, whatsappQueues } from "../db/schema.js";
import { inCompany } from "../db/tenant.js";
import { validationError } from "../errors.js";

/** The queues of each given connection, in one query, in the queues' order. */
export async function loadWhatsappQueues(db: DbOrTx, companyId: number, whatsappIds: number[]): Promise<Map<number, WhatsAppView["queues"]>> {
  const byConnection = new Map<number, WhatsAppView["queues"]>(whatsappIds.map((id) => [id, []]));
  if (whatsappIds.length === 0) return byConnection;
  const rows = await db
    .select({ whatsappId: whatsappQueues.whatsappId, id: queues.id, name: queues.name, color: queues.color })
    .from(whatsappQueues)
    .innerJoin(queues, eq(queues.id, whatsappQueues.queueId))
    .where(inCompany(whatsappQueues, companyId, inArray(whatsappQueues.whatsappId, whatsappIds)))
    .orderBy(asc(queues.orderQueue), asc(queues.name));
  for (const { whatsappId, ...queue } of rows) byConnection.get(whatsappId)?.push(queue);
  return byConnection;
}

/** Every id must be a queue of the same company (else 400): a connection never routes into another company. */
export async function assertCompanyQueues(db: DbOrTx, companyId: number, queueIds: number[], field: string): Promise<void> {
  const unique = [...new Set(queueIds)];
  if (unique.length === 0) return;
  const found = await db.select({ id: queues.id }).from(queues).where(inCompany(queues, companyId, inArray(queues.id, unique)));
  if (found.length !== unique.length) throw validationError([{ path: `body.${field}`, message: "validation.invalid" }]);
}

export async function setWhatsappQueues(db: DbOrTx, companyId: number, whatsappId: number, queueIds: number[]): Promise<void> {
  const unique = [...new Set(queueIds)];
  await assertCompanyQueues(db, companyId, unique, "queueIds");
  await db.delete(whatsappQueues).where(inCompany(whatsappQueues, companyId, eq(whatsappQueues.whatsappId, whatsappId)));
  if (unique.length > 0) await db.insert(whatsappQueues).values(unique.map((queueId) => ({ companyId, whatsappId, queueId })));
}

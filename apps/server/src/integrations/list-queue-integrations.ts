import { and, asc, count, ilike, or } from "drizzle-orm";
import { PAGE_SIZE, type QueueIntegrationListView } from "@atendo/shared";
import type { DbOrTx } from "../db/client.js";
import { queueIntegrations } from "../db/schema.js";
import { escapeLike } from "../db/escape-like.js";
import { inCompany } from "../db/tenant.js";
import type { SecretBox } from "../whatsapp/crypto/secret-box.js";
import { presentQueueIntegration } from "./present-queue-integration.js";

/** GET /queueIntegration: the company's integrations by name, searched in name and type, a page at a time. */
export async function listQueueIntegrations(
  db: DbOrTx,
  box: SecretBox,
  companyId: number,
  query: { searchParam?: string; pageNumber: number },
): Promise<QueueIntegrationListView> {
  const term = query.searchParam?.trim();
  const pattern = term ? `%${escapeLike(term)}%` : undefined;
  const where = inCompany(queueIntegrations, companyId, pattern ? or(ilike(queueIntegrations.name, pattern), ilike(queueIntegrations.type, pattern)) : undefined);
  const [total] = await db.select({ n: count() }).from(queueIntegrations).where(and(where));
  const rows = await db
    .select()
    .from(queueIntegrations)
    .where(where)
    .orderBy(asc(queueIntegrations.name), asc(queueIntegrations.id))
    .limit(PAGE_SIZE)
    .offset((query.pageNumber - 1) * PAGE_SIZE);
  const n = total?.n ?? 0;
  return { queueIntegrations: rows.map((row) => presentQueueIntegration(box, row)), count: n, hasMore: query.pageNumber * PAGE_SIZE < n };
}

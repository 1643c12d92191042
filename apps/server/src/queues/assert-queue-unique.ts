import { eq, ne, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client.js";
import { queues } from "../db/schema.js";
import { inCompany } from "../db/tenant.js";
import { isUniqueViolation } from "../db/unique-violation.js";
import { AppError } from "../errors.js";

/**
 * Names and colours are unique per company, compared without case ("Vendas" and "vendas" are one queue to a person).
 * Checked before writing for the friendly code; `queueUniqueViolation` covers two requests passing the check together.
 */
export async function assertQueueUnique(
  db: DbOrTx,
  companyId: number,
  input: { name: string; color: string },
  exceptId?: number,
): Promise<void> {
  const others = exceptId === undefined ? undefined : ne(queues.id, exceptId);
  const [sameName] = await db
    .select({ id: queues.id })
    .from(queues)
    .where(inCompany(queues, companyId, eq(sql`lower(${queues.name})`, input.name.toLowerCase()), others))
    .limit(1);
  if (sameName) throw new AppError("ERR_QUEUE_NAME_ALREADY_EXISTS", 409);
  const [sameColor] = await db
    .select({ id: queues.id })
    .from(queues)
    .where(inCompany(queues, companyId, eq(sql`lower(${queues.color})`, input.color.toLowerCase()), others))
    .limit(1);
  if (sameColor) throw new AppError("ERR_QUEUE_COLOR_ALREADY_EXISTS", 409);
}

/** The error code of a unique-index violation on queues, or null for any other error. */
export function queueUniqueViolation(err: unknown): AppError | null {
  if (isUniqueViolation(err, "queues_company_name_key")) return new AppError("ERR_QUEUE_NAME_ALREADY_EXISTS", 409);
  if (isUniqueViolation(err, "queues_company_color_key")) return new AppError("ERR_QUEUE_COLOR_ALREADY_EXISTS", 409);
  return null;
}

import { eq, ne, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client.js";
import { tags } from "../db/schema.js";
import { inCompany } from "../db/tenant.js";
import { isUniqueViolation } from "../db/unique-violation.js";
import { AppError } from "../errors.js";

/** Tag names are unique per company, compared without case; the unique index covers a race between two saves. */
export async function assertTagUnique(db: DbOrTx, companyId: number, name: string, exceptId?: number): Promise<void> {
  const [same] = await db
    .select({ id: tags.id })
    .from(tags)
    .where(
      inCompany(tags, companyId, eq(sql`lower(${tags.name})`, name.toLowerCase()), exceptId === undefined ? undefined : ne(tags.id, exceptId)),
    )
    .limit(1);
  if (same) throw new AppError("ERR_TAG_NAME_ALREADY_EXISTS", 409);
}

export function tagUniqueViolation(err: unknown): AppError | null {
  return isUniqueViolation(err, "tags_company_name_key") ? new AppError("ERR_TAG_NAME_ALREADY_EXISTS", 409) : null;
}

import { eq } from "drizzle-orm";
import { can } from "@atendo/shared";
import type { DbOrTx } from "../db/client.js";
import { tags } from "../db/schema.js";
import { inCompany } from "../db/tenant.js";
import type { AuthContext } from "../auth/load-session-context.js";
import { AppError } from "../errors.js";
import { findTag } from "./get-tag.js";

/**
 * Deletes a tag of the company (its ticket links go with it once tickets carry tags). A kanban tag is a lane of the
 * kanban: removing it is a kanban change, so it needs tags:editKanban like changing the flag does.
 */
export async function deleteTag(db: DbOrTx, auth: AuthContext, tagId: number): Promise<void> {
  const tag = await findTag(db, auth.companyId, tagId);
  if (tag.kanban && !can(auth, "tags:editKanban")) throw new AppError("ERR_NO_PERMISSION", 403);
  const [deleted] = await db.delete(tags).where(inCompany(tags, auth.companyId, eq(tags.id, tagId))).returning({ id: tags.id });
  if (!deleted) throw new AppError("ERR_NOT_FOUND", 404);
}

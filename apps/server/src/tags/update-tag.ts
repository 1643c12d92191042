import { eq } from "drizzle-orm";
import { can, type TagData, type TagView } from "@atendo/shared";
import type { DbOrTx } from "../db/client.js";
import { tags } from "../db/schema.js";
import { inCompany } from "../db/tenant.js";
import type { AuthContext } from "../auth/load-session-context.js";
import { AppError } from "../errors.js";
import { assertTagUnique, tagUniqueViolation } from "./assert-tag-unique.js";
import { findTag } from "./get-tag.js";
import { presentTag } from "./present-tag.js";
import { countTagTickets } from "./count-tag-tickets.js";

/** Anyone edits a tag's name and colour; changing its kanban flag needs tags:editKanban (sending it unchanged is fine). */
export async function updateTag(db: DbOrTx, auth: AuthContext, tagId: number, input: TagData): Promise<TagView> {
  const current = await findTag(db, auth.companyId, tagId);
  if (input.kanban !== undefined && input.kanban !== current.kanban && !can(auth, "tags:editKanban")) {
    throw new AppError("ERR_NO_PERMISSION", 403);
  }
  await assertTagUnique(db, auth.companyId, input.name, tagId);
  try {
    const [tag] = await db
      .update(tags)
      .set({ name: input.name, color: input.color ?? current.color, kanban: input.kanban ?? current.kanban, updatedAt: new Date() })
      .where(inCompany(tags, auth.companyId, eq(tags.id, tagId)))
      .returning();
    if (!tag) throw new AppError("ERR_NOT_FOUND", 404);
    const counts = await countTagTickets(db, auth.companyId, [tag.id]);
    return presentTag(tag, counts.get(tag.id) ?? 0);
  } catch (err) {
    throw tagUniqueViolation(err) ?? err;
  }
}

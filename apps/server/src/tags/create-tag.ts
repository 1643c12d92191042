import { can, type TagData, type TagView } from "@atendo/shared";
import type { DbOrTx } from "../db/client.js";
import { tags } from "../db/schema.js";
import type { AuthContext } from "../auth/load-session-context.js";
import { AppError } from "../errors.js";
import { assertTagUnique, tagUniqueViolation } from "./assert-tag-unique.js";
import { presentTag } from "./present-tag.js";

/** Anyone in the company adds a tag; only admins and supervisors may make it a kanban lane. */
export async function createTag(db: DbOrTx, auth: AuthContext, input: TagData): Promise<TagView> {
  if (input.kanban && !can(auth, "tags:editKanban")) throw new AppError("ERR_NO_PERMISSION", 403);
  await assertTagUnique(db, auth.companyId, input.name);
  try {
    const [tag] = await db
      .insert(tags)
      .values({ companyId: auth.companyId, name: input.name, color: input.color, kanban: input.kanban ?? false, userId: auth.userId })
      .returning();
    return presentTag(tag!);
  } catch (err) {
    throw tagUniqueViolation(err) ?? err;
  }
}

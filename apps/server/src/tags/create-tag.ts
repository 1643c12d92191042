import { can, COLOR_PALETTE, type TagData, type TagView } from "@atendo/shared";
import type { DbOrTx } from "../db/client.js";
import { inCompany } from "../db/tenant.js";
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
      .values({ companyId: auth.companyId, name: input.name, color: input.color ?? (await pickTagColor(db, auth.companyId)), kanban: input.kanban ?? false, userId: auth.userId })
      .returning();
    return presentTag(tag!);
  } catch (err) {
    throw tagUniqueViolation(err) ?? err;
  }
}

/** The first palette colour none of the company's tags uses yet (the first one again once all are taken). */
async function pickTagColor(db: DbOrTx, companyId: number): Promise<string> {
  const used = new Set((await db.select({ color: tags.color }).from(tags).where(inCompany(tags, companyId))).map((t) => t.color.toLowerCase()));
  return COLOR_PALETTE.find((c) => !used.has(c)) ?? COLOR_PALETTE[0]!;
}

import { eq } from "drizzle-orm";
import type { TagView } from "@atendo/shared";
import type { DbOrTx } from "../db/client.js";
import { tags } from "../db/schema.js";
import { inCompany } from "../db/tenant.js";
import { AppError } from "../errors.js";
import { presentTag } from "./present-tag.js";
import { countTagTickets } from "./count-tag-tickets.js";

export type TagRow = typeof tags.$inferSelect;

export async function findTag(db: DbOrTx, companyId: number, tagId: number): Promise<TagRow> {
  const [tag] = await db.select().from(tags).where(inCompany(tags, companyId, eq(tags.id, tagId)));
  if (!tag) throw new AppError("ERR_NOT_FOUND", 404);
  return tag;
}

export async function getTag(db: DbOrTx, companyId: number, tagId: number): Promise<TagView> {
  const tag = await findTag(db, companyId, tagId);
  const counts = await countTagTickets(db, companyId, [tag.id]);
  return presentTag(tag, counts.get(tag.id) ?? 0);
}

import type { TagView } from "@atendo/shared";
import type { tags } from "../db/schema.js";

type TagRow = typeof tags.$inferSelect;

/** What leaves the server about a tag; ticketsCount is counted from ticket_tags by the caller (0 for a new tag). */
export function presentTag(tag: TagRow, ticketsCount = 0): TagView {
  return {
    id: tag.id,
    name: tag.name,
    color: tag.color,
    kanban: tag.kanban,
    ticketsCount,
    userId: tag.userId,
    createdAt: tag.createdAt.toISOString(),
    updatedAt: tag.updatedAt.toISOString(),
  };
}

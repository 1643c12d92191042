import type { HelpView } from "@atendo/shared";
import type { helps } from "../db/schema.js";

export type HelpRow = typeof helps.$inferSelect;

/** What leaves the server about a help video. */
export function presentHelp(row: HelpRow): HelpView {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    video: row.video,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

import type { QuickMessageView } from "@atendo/shared";
import type { quickMessages } from "../db/schema.js";

type QuickMessageRow = typeof quickMessages.$inferSelect;

/** What leaves the server about a quick message; the media path is relative to the file storage. */
export function presentQuickMessage(row: QuickMessageRow): QuickMessageView {
  return {
    id: row.id,
    shortcode: row.shortcode,
    message: row.message,
    geral: row.geral,
    isMedia: row.mediaPath !== null,
    mediaPath: row.mediaPath,
    mediaName: row.mediaName,
    companyId: row.companyId,
    userId: row.userId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

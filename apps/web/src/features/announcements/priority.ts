import type { AnnouncementPriority } from "@atendo/shared";

/** Priority markers (administration section 3): 1 high red, 2 medium orange, 3 low grey. */
export const PRIORITY_COLOR: Record<AnnouncementPriority, string> = { 1: "error.main", 2: "warning.main", 3: "grey.500" };
export const PRIORITY_LABEL_KEY: Record<AnnouncementPriority, string> = {
  1: "announcements.priorities.high",
  2: "announcements.priorities.medium",
  3: "announcements.priorities.low",
};

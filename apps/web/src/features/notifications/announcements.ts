/** An announcement as the bell lists it (administration section 3). */
export interface AnnouncementItem {
  id: number;
  title: string;
  text: string;
  /** 1 high (red), 2 medium (orange), 3 low (grey). */
  priority: 1 | 2 | 3;
  createdAt: string;
}

/** Active announcements; they arrive with the announcements issue, so the list is empty for now. */
const NONE: readonly AnnouncementItem[] = [];

export function useAnnouncements(): readonly AnnouncementItem[] {
  return NONE;
}

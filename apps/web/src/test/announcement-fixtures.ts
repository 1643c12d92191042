import type { AnnouncementView, BellAnnouncement, HelpView } from "@atendo/shared";

export function makeAnnouncement(overrides: Partial<AnnouncementView> = {}): AnnouncementView {
  return {
    id: 1,
    title: "Manutenção programada",
    text: "Sábado às 22h o sistema fica fora do ar.",
    priority: 3,
    status: true,
    mediaName: null,
    mediaType: null,
    mediaUrl: null,
    createdAt: "2026-03-01T10:00:00.000Z",
    updatedAt: "2026-03-01T10:00:00.000Z",
    ...overrides,
  };
}

export const bellItem = (overrides: Partial<BellAnnouncement> = {}): BellAnnouncement => ({ ...makeAnnouncement(overrides), read: false, ...overrides });

export function makeHelp(overrides: Partial<HelpView> = {}): HelpView {
  return {
    id: 1,
    title: "Primeiros passos",
    description: "Conecte seu WhatsApp",
    video: "dQw4w9WgXcQ",
    createdAt: "2026-03-01T10:00:00.000Z",
    updatedAt: "2026-03-01T10:00:00.000Z",
    ...overrides,
  };
}

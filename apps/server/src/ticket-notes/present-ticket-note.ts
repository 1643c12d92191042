import type { TicketNoteView } from "@atendo/shared";
import type { ticketNotes } from "../db/schema.js";

export function presentTicketNote(note: typeof ticketNotes.$inferSelect, user: { id: number; name: string } | null): TicketNoteView {
  return { id: note.id, note: note.note, ticketId: note.ticketId, contactId: note.contactId, user, createdAt: note.createdAt.toISOString() };
}

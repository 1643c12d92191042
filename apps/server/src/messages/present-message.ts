import type { MessageView } from "@atendo/shared";
import type { messages } from "../db/schema.js";

type MessageRow = typeof messages.$inferSelect;

export interface MessageJoins {
  contact: { id: number; name: string } | null;
  user: { id: number; name: string } | null;
  quoted: { row: MessageRow; contact: { id: number; name: string } | null } | null;
}

/** Media is served by an authenticated route of the messages domain; the stored path never leaves the server. */
export function mediaUrlOf(message: Pick<MessageRow, "id" | "mediaPath" | "mediaStatus">): string | null {
  return message.mediaPath && message.mediaStatus === "ready" ? `/messages/${message.id}/media` : null;
}

/** What leaves the server about a message: provider ids, media references and storage paths stay here. */
export function presentMessage(message: MessageRow, joins: MessageJoins): MessageView {
  const { mediaRef: _mediaRef, ...data } = message.data as Record<string, unknown>;
  return {
    id: message.id,
    ticketId: message.ticketId,
    body: message.body,
    fromMe: message.fromMe,
    read: message.read,
    ack: message.ack,
    sendStatus: message.sendStatus,
    sendError: message.sendError,
    mediaType: message.mediaType,
    mediaUrl: mediaUrlOf(message),
    mediaName: message.mediaName,
    mimetype: message.mimetype,
    mediaStatus: message.mediaStatus,
    data,
    quotedMsg: joins.quoted
      ? {
          id: joins.quoted.row.id,
          body: joins.quoted.row.isDeleted ? "" : joins.quoted.row.body,
          fromMe: joins.quoted.row.fromMe,
          mediaType: joins.quoted.row.mediaType,
          contact: joins.quoted.contact,
        }
      : null,
    isDeleted: message.isDeleted,
    isEdited: message.isEdited,
    isForwarded: message.isForwarded,
    automatic: message.automatic,
    contact: joins.contact,
    user: joins.user,
    queueId: message.queueId,
    transcript: message.isDeleted ? null : message.transcript,
    transcriptStatus: message.transcriptStatus,
    transcriptError: message.transcriptError,
    createdAt: message.createdAt.toISOString(),
    updatedAt: message.updatedAt.toISOString(),
  };
}

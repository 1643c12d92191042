import { z } from "zod";
import { V } from "./messages.js";
import { idSchema } from "./common.js";

/** Internal chats (administration sections 2 to 7). */
export const CHAT_TITLE_MAX = 100;
export const CHAT_MESSAGE_MAX = 5000;
/** Messages per page of GET /chats/{id}/messages (the spec does not show it). */
export const CHAT_MESSAGES_PAGE_SIZE = 20;
/** The chat page loads older messages when scrolled within this many pixels of the top (section 9). */
export const CHAT_LOAD_OLDER_PX = 600;

/** A member as the dialog holds it: an id, or a user object with its id. */
const chatMemberSchema = z.union([idSchema, z.object({ id: idSchema }).loose()]).transform((u) => (typeof u === "number" ? u : u.id));

/** POST /chats and PUT /chats/{id}: title and at least one user (the dialog's rules, section 5). */
export const chatSchema = z
  .object({
    title: z.string({ error: V.required }).trim().min(1, V.required).max(CHAT_TITLE_MAX, V.tooLong),
    users: z.array(chatMemberSchema, { error: V.required }).min(1, V.required).max(500, V.tooLong),
  })
  .strict();
export type ChatInput = z.input<typeof chatSchema>;
export type ChatData = z.output<typeof chatSchema>;

/** POST /chats/{id}/messages: an empty or whitespace-only message is not sent. */
export const chatMessageSchema = z
  .object({
    message: z.string({ error: V.required }).trim().min(1, V.required).max(CHAT_MESSAGE_MAX, V.tooLong),
  })
  .strict();

/** POST /chats/{id}/read: the spec sends the user id; only the caller's own unread count is cleared. */
export const chatReadSchema = z.object({ userId: idSchema.optional() }).strict().optional();

export interface ChatMemberView {
  userId: number;
  unreads: number;
  user: { id: number; name: string };
}

/** A chat as the API answers it (section 3, Chat). */
export interface ChatView {
  id: number;
  uuid: string;
  title: string;
  ownerId: number | null;
  lastMessage: string;
  users: ChatMemberView[];
  createdAt: string;
  updatedAt: string;
}

export interface ChatPage {
  records: ChatView[];
  count: number;
  hasMore: boolean;
}

/** A chat message (section 3, Chat message). */
export interface ChatMessageView {
  id: number;
  chatId: number;
  message: string;
  senderId: number | null;
  sender: { id: number; name: string } | null;
  createdAt: string;
}

/** A page of messages, oldest first; page 1 is the newest. */
export interface ChatMessagePage {
  records: ChatMessageView[];
  hasMore: boolean;
}

/**
 * Chat events, each sent only to the chat's members (their user rooms):
 * - `company-{c}-chat`: new-message, update, delete;
 * - `company-{c}-chat-user-{u}`: create and update of a chat that user belongs to;
 * - `company-{c}-chat-{chatId}`: new-message and update for an open chat.
 */
export const chatEvent = {
  company: (companyId: number) => `company-${companyId}-chat`,
  user: (companyId: number, userId: number) => `company-${companyId}-chat-user-${userId}`,
  chat: (companyId: number, chatId: number) => `company-${companyId}-chat-${chatId}`,
} as const;

export type ChatEventPayload =
  | { action: "create" | "update"; chat: ChatView }
  | { action: "new-message"; chat: ChatView; newMessage: ChatMessageView }
  | { action: "delete"; chatId: number };

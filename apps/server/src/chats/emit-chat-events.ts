import { chatEvent, type ChatEventPayload, type ChatMessageView, type ChatView } from "@atendo/shared";
import type { Realtime } from "../realtime/realtime.js";
import { rooms } from "../realtime/rooms.js";

/**
 * Chat events reach exactly the chat's members: each goes to the members' user rooms (with Redis, the adapter
 * carries them to sockets on other processes), never to the company room.
 */
export function createChatEmitter(realtime: Realtime, companyId: number) {
  const members = (chat: ChatView) => chat.users.map((u) => u.userId);
  const to = (userIds: number[], event: string, payload: ChatEventPayload) => realtime.toRooms(userIds.map(rooms.user), event, payload);
  return {
    /** A chat created or edited: each member on their own channel, and the open chat's channel. */
    saved(action: "create" | "update", chat: ChatView) {
      for (const userId of members(chat)) realtime.toUser(userId, chatEvent.user(companyId, userId), { action, chat } satisfies ChatEventPayload);
      if (action === "update") {
        to(members(chat), chatEvent.company(companyId), { action, chat });
        to(members(chat), chatEvent.chat(companyId, chat.id), { action, chat });
      }
    },
    newMessage(chat: ChatView, newMessage: ChatMessageView) {
      const payload: ChatEventPayload = { action: "new-message", chat, newMessage };
      to(members(chat), chatEvent.company(companyId), payload);
      to(members(chat), chatEvent.chat(companyId, chat.id), payload);
    },
    /** Read counts changed: the reader's other tabs and the other members see it. */
    read(chat: ChatView) {
      to(members(chat), chatEvent.company(companyId), { action: "update", chat });
      to(members(chat), chatEvent.chat(companyId, chat.id), { action: "update", chat });
    },
    deleted(chatId: number, userIds: number[]) {
      to(userIds, chatEvent.company(companyId), { action: "delete", chatId });
    },
  };
}

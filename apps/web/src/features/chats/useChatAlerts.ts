import { useQueryClient } from "@tanstack/react-query";
import { chatEvent, type ChatEventPayload } from "@atendo/shared";
import { useAuth } from "../auth/auth-context.js";
import { useCan } from "../auth/useCan.js";
import { useSocketEvent } from "../realtime/socket-context.js";
import { playNotificationSound } from "../notifications/alert.js";
import { chatKeys, unreadsOf, useChatsList } from "./api.js";

// The menu is rendered twice (phone drawer and side bar): each message chimes once.
const chimed = new Set<number>();

/**
 * The internal chat entry's badge: whether any of my chats has unread messages, kept current by the chat events
 * (which only members receive). A message from another member plays the notification sound.
 */
export function useChatAlerts(): boolean {
  const { user } = useAuth();
  const enabled = useCan("internal-chat:use") && Boolean(user);
  const queryClient = useQueryClient();
  const list = useChatsList(enabled);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: chatKeys.list() });

  useSocketEvent<ChatEventPayload>(enabled && user ? chatEvent.company(user.companyId) : null, (payload) => {
    refresh();
    if (payload.action !== "new-message" || payload.newMessage.senderId === user?.id || chimed.has(payload.newMessage.id)) return;
    chimed.add(payload.newMessage.id);
    playNotificationSound();
  });
  useSocketEvent<ChatEventPayload>(enabled && user ? chatEvent.user(user.companyId, user.id) : null, refresh);

  if (!enabled) return false;
  return (list.data?.pages ?? []).some((page) => page.records.some((chat) => unreadsOf(chat, user?.id) > 0));
}

import { useEffect, useRef, useState } from "react";
import { Box, Button, Paper, Tab, Tabs, Typography, useMediaQuery, useTheme } from "@mui/material";
import Add from "@mui/icons-material/Add";
import { useQueryClient, type InfiniteData } from "@tanstack/react-query";
import { useNavigate, useParams } from "react-router";
import { useTranslation } from "react-i18next";
import { chatEvent, type ChatEventPayload, type ChatMessagePage, type ChatView } from "@atendo/shared";
import { PageHeader } from "../components/PageHeader.js";
import { ConfirmDialog } from "../components/ConfirmDialog.js";
import { useAuth } from "../features/auth/auth-context.js";
import { useSocketEvent } from "../features/realtime/socket-context.js";
import { appendChatMessage, chatKeys, unreadsOf, useChatsList, useDeleteChat, useMarkChatRead } from "../features/chats/api.js";
import { ChatDialog } from "../features/chats/ChatDialog.js";
import { ChatList } from "../features/chats/ChatList.js";
import { ChatMessages } from "../features/chats/ChatMessages.js";

/**
 * Internal chats (/chats, /chats/{uuid}; administration sections 2 and 4): the list on the left, the open chat on
 * the right, as two tabs on narrow screens. Opening a chat marks it read; deleting it goes back to /chats.
 */
export function ChatsPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const { id: uuid } = useParams<{ id?: string }>();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const narrow = useMediaQuery(useTheme().breakpoints.down("md"));
  const [tab, setTab] = useState<"chats" | "messages">(uuid ? "messages" : "chats");
  const [dialog, setDialog] = useState<{ open: boolean; chat?: ChatView }>({ open: false });
  const [deleting, setDeleting] = useState<ChatView | null>(null);
  const list = useChatsList();
  const remove = useDeleteChat();
  const { mutate: markRead } = useMarkChatRead();

  const chats = list.data?.pages.flatMap((page) => page.records) ?? [];
  const selected = uuid ? chats.find((c) => c.uuid === uuid) : undefined;
  const myUnreads = selected ? unreadsOf(selected, user?.id) : 0;

  // A chat opened by its address may be further down the list than the first page.
  useEffect(() => {
    if (uuid && !selected && list.hasNextPage && !list.isFetchingNextPage) void list.fetchNextPage();
  }, [uuid, selected, list]);

  // Opening a chat marks it read (section 4), and so does a message arriving while it is open.
  const readFor = useRef<number | null>(null);
  useEffect(() => {
    if (!selected || !user) return;
    if (readFor.current === selected.id && myUnreads === 0) return;
    readFor.current = selected.id;
    markRead({ chatId: selected.id, userId: user.id });
  }, [selected, myUnreads, user, markRead]);

  useSocketEvent<ChatEventPayload>(user && selected ? chatEvent.chat(user.companyId, selected.id) : null, (payload) => {
    if (payload.action !== "new-message") return;
    queryClient.setQueryData<InfiniteData<ChatMessagePage>>(chatKeys.messages(payload.chat.id), (data) => appendChatMessage(data, payload.newMessage));
  });
  useSocketEvent<ChatEventPayload>(user ? chatEvent.company(user.companyId) : null, (payload) => {
    // The open chat was deleted (or I was taken out of it).
    if (payload.action === "delete" && selected && payload.chatId === selected.id) navigate("/chats");
  });

  const open = (chat: ChatView) => {
    navigate(`/chats/${chat.uuid}`);
    setTab("messages");
  };

  const listPanel = (
    <ChatList
      userId={user?.id}
      selectedId={selected?.id}
      onSelect={open}
      onEdit={(chat) => setDialog({ open: true, chat })}
      onDelete={setDeleting}
    />
  );
  const messagesPanel = selected ? (
    <ChatMessages chat={selected} userId={user?.id} />
  ) : (
    <Box sx={{ p: 4, textAlign: "center" }}>
      <Typography color="text.secondary" data-testid="chat-none-selected">
        {uuid && list.isSuccess && !list.hasNextPage ? t("chats.notFound") : t("chats.selectChat")}
      </Typography>
    </Box>
  );

  return (
    <>
      <PageHeader
        title={t("chats.title")}
        actions={
          <Button variant="contained" startIcon={<Add />} onClick={() => setDialog({ open: true })} data-testid="chats-add">
            {t("chats.new")}
          </Button>
        }
      />
      <Paper variant="outlined" sx={{ height: "calc(100vh - 190px)", minHeight: 360, display: "flex", flexDirection: "column", overflow: "hidden" }}>
        {narrow ? (
          <>
            <Tabs value={tab} onChange={(_e, value: "chats" | "messages") => setTab(value)} variant="fullWidth">
              <Tab value="chats" label={t("chats.tabs.chats")} data-testid="chats-tab-chats" />
              <Tab value="messages" label={t("chats.tabs.messages")} data-testid="chats-tab-messages" />
            </Tabs>
            <Box sx={{ flexGrow: 1, minHeight: 0 }}>{tab === "chats" ? listPanel : messagesPanel}</Box>
          </>
        ) : (
          <Box sx={{ display: "flex", height: "100%", minHeight: 0 }}>
            <Box sx={{ width: 320, flexShrink: 0, borderRight: 1, borderColor: "divider", minHeight: 0 }}>{listPanel}</Box>
            <Box sx={{ flexGrow: 1, minWidth: 0, minHeight: 0 }}>{messagesPanel}</Box>
          </Box>
        )}
      </Paper>
      <ChatDialog open={dialog.open} chat={dialog.chat} onClose={() => setDialog({ open: false })} onSaved={(chat) => !dialog.chat && open(chat)} />
      <ConfirmDialog
        open={deleting !== null}
        title={t("chats.deleteTitle", { title: deleting?.title ?? "" })}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          // Deleting clears the selection and goes to /chats (section 4).
          remove.mutate(deleting.id, { onSuccess: () => navigate("/chats") });
        }}
      />
    </>
  );
}

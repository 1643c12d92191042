import { useEffect, useLayoutEffect, useRef, useState, type UIEvent } from "react";
import { Box, IconButton, Paper, TextField, Typography } from "@mui/material";
import Send from "@mui/icons-material/Send";
import { useTranslation } from "react-i18next";
import { CHAT_LOAD_OLDER_PX, type ChatView } from "@atendo/shared";
import { formatShortDateTime } from "../../lib/dates.js";
import { useChatMessages, useSendChatMessage } from "./api.js";

interface Props {
  chat: ChatView;
  userId: number | undefined;
}

/** The right column: the open chat's messages (older ones load near the top, section 9) and the composer. */
export function ChatMessages({ chat, userId }: Props) {
  const { t } = useTranslation();
  const messages = useChatMessages(chat.id);
  const send = useSendChatMessage(chat.id);
  const [text, setText] = useState("");
  const scroller = useRef<HTMLDivElement>(null);
  // Before an older page lands: how far from the bottom we were, to keep the same messages in view.
  const keepFromBottom = useRef<number | null>(null);
  const stickToBottom = useRef(true);

  const records = [...(messages.data?.pages ?? [])].reverse().flatMap((page) => page.records);
  const lastId = records.at(-1)?.id;

  useEffect(() => {
    stickToBottom.current = true;
    setText("");
  }, [chat.id]);

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    if (keepFromBottom.current !== null) {
      el.scrollTop = el.scrollHeight - keepFromBottom.current;
      keepFromBottom.current = null;
    } else if (stickToBottom.current) {
      el.scrollTop = el.scrollHeight;
    }
  }, [records.length, lastId]);

  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    const el = event.currentTarget;
    stickToBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 80;
    if (el.scrollTop < CHAT_LOAD_OLDER_PX && messages.hasNextPage && !messages.isFetchingNextPage) {
      keepFromBottom.current = el.scrollHeight - el.scrollTop;
      void messages.fetchNextPage();
    }
  };

  const submit = () => {
    // Empty or whitespace-only messages are not sent (section 5).
    const message = text.trim();
    if (!message || send.isPending) return;
    stickToBottom.current = true;
    send.mutate(message, { onSuccess: () => setText("") });
  };

  return (
    <Box sx={{ display: "flex", flexDirection: "column", height: "100%", minHeight: 0 }}>
      <Box ref={scroller} onScroll={onScroll} sx={{ flexGrow: 1, overflowY: "auto", p: 2, minHeight: 0 }} data-testid="chat-messages">
        {messages.isSuccess && records.length === 0 && (
          <Typography sx={{ color: "text.secondary", textAlign: "center" }}>{t("chats.noMessages")}</Typography>
        )}
        {records.map((m) => {
          const mine = m.senderId === userId;
          return (
            <Box key={m.id} sx={{ display: "flex", justifyContent: mine ? "flex-end" : "flex-start", mb: 1 }}>
              <Paper
                variant="outlined"
                data-testid={`chat-message-${m.id}`}
                sx={{ px: 1.5, py: 1, maxWidth: "75%", bgcolor: mine ? "action.selected" : "background.paper" }}
              >
                <Typography variant="caption" sx={{ fontWeight: 600, display: "block" }}>
                  {m.sender?.name ?? t("chats.formerUser")}
                </Typography>
                <Typography variant="body2" sx={{ whiteSpace: "pre-wrap", wordBreak: "break-word" }} data-testid="chat-message-text">
                  {m.message}
                </Typography>
                <Typography variant="caption" sx={{ color: "text.secondary", display: "block", textAlign: "right" }}>
                  {formatShortDateTime(m.createdAt)}
                </Typography>
              </Paper>
            </Box>
          );
        })}
      </Box>
      <Box sx={{ display: "flex", gap: 1, p: 1, borderTop: 1, borderColor: "divider" }}>
        <TextField
          fullWidth
          size="small"
          multiline
          maxRows={4}
          placeholder={t("chats.typeMessage")}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter" && !e.shiftKey) {
              e.preventDefault();
              submit();
            }
          }}
          slotProps={{ htmlInput: { "data-testid": "chat-input" } }}
        />
        <IconButton color="primary" aria-label={t("chats.send")} onClick={submit} disabled={!text.trim()} data-testid="chat-send">
          <Send />
        </IconButton>
      </Box>
    </Box>
  );
}

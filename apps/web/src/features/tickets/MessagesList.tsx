import { Fragment, useLayoutEffect, useMemo, useRef, type UIEvent } from "react";
import { Box, Chip, CircularProgress } from "@mui/material";
import { format, parseISO } from "date-fns";
import { useTranslation } from "react-i18next";
import { MESSAGE_LIST_TOP_THRESHOLD_PX } from "@atendo/shared";
import { EmptyState } from "../../components/EmptyState.js";
import { formatDate } from "../../lib/dates.js";
import { useTicketMessages } from "./api.js";
import { MessageItem } from "./MessageItem.js";

/**
 * A ticket's messages, read-only (until the conversation issue brings the full chat): oldest at the top, day
 * separators, older pages loaded within 50 px of the top (core-service section 9) without the view jumping.
 */
export function MessagesList({ ticketId, testId = "messages-list" }: { ticketId: number; testId?: string }) {
  const { t } = useTranslation();
  const query = useTicketMessages(ticketId);
  const box = useRef<HTMLDivElement>(null);
  // Distance from the bottom before the last render, to keep the view still when older pages arrive on top.
  const fromBottom = useRef<number | null>(null);

  const messages = useMemo(() => (query.data ? [...query.data.pages].reverse().flatMap((page) => page.messages) : []), [query.data]);

  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const previous = fromBottom.current;
    // First page, or the reader was at the bottom: follow the newest message. Otherwise keep their distance from the
    // bottom, so older pages arriving on top do not move what they are reading.
    if (previous === null || previous < MESSAGE_LIST_TOP_THRESHOLD_PX) el.scrollTop = el.scrollHeight;
    else el.scrollTop = el.scrollHeight - el.clientHeight - previous;
    fromBottom.current = messages.length > 0 ? el.scrollHeight - el.scrollTop - el.clientHeight : null;
  }, [messages]);

  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    const el = event.currentTarget;
    fromBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight;
    if (el.scrollTop < MESSAGE_LIST_TOP_THRESHOLD_PX && query.hasNextPage && !query.isFetchingNextPage) void query.fetchNextPage();
  };

  return (
    <Box ref={box} onScroll={onScroll} data-testid={testId} sx={{ flex: 1, minHeight: 0, overflowY: "auto", py: 1, bgcolor: "action.hover" }}>
      {(query.isLoading || query.isFetchingNextPage) && (
        <Box sx={{ display: "flex", justifyContent: "center", py: 1 }}>
          <CircularProgress size={20} />
        </Box>
      )}
      {messages.map((message, index) => {
        const day = format(parseISO(message.createdAt), "yyyy-MM-dd");
        const previous = messages[index - 1];
        const newDay = !previous || format(parseISO(previous.createdAt), "yyyy-MM-dd") !== day;
        return (
          <Fragment key={message.id}>
            {newDay && (
              <Box sx={{ display: "flex", justifyContent: "center", my: 1 }}>
                <Chip size="small" label={formatDate(message.createdAt)} data-testid="messages-day" />
              </Box>
            )}
            <MessageItem message={message} />
          </Fragment>
        );
      })}
      {query.isSuccess && messages.length === 0 && <EmptyState message={t("tickets.messages.empty")} />}
    </Box>
  );
}

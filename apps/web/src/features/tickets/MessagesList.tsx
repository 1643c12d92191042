import { Fragment, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type UIEvent } from "react";
import { Box, Button, Chip, CircularProgress, Paper, Stack, Typography } from "@mui/material";
import { format, parseISO } from "date-fns";
import { useTranslation } from "react-i18next";
import { MESSAGE_LIST_TOP_THRESHOLD_PX, type MessageView, type TicketView } from "@atendo/shared";
import { ConfirmDialog } from "../../components/ConfirmDialog.js";
import { EmptyState } from "../../components/EmptyState.js";
import { formatDate } from "../../lib/dates.js";
import { useAuth } from "../auth/auth-context.js";
import { toastWarning } from "../errors/toast.js";
import { conversation, useConversation } from "../conversation/conversation-store.js";
import { EditMessageDialog } from "../conversation/EditMessageDialog.js";
import { ForwardDialog } from "../conversation/ForwardDialog.js";
import { splitReactions } from "../conversation/message-content.js";
import { useDeleteMessage, useReactToMessage } from "../conversation/message-actions-api.js";
import { useConnectionCapabilities } from "../connections/use-connection-capabilities.js";
import type { MessageActionHandlers } from "../conversation/MessageMenu.js";
import { useTicketMessages } from "./api.js";
import { MessageItem } from "./MessageItem.js";

const HIGHLIGHT_MS = 1_500;

interface Props {
  ticketId: number;
  testId?: string;
  /** The open ticket (for the end-of-conversation marker); the first page's copy is used when absent. */
  ticket?: TicketView;
  /** The spy dialog: no menu, no selection. */
  readOnly?: boolean;
}

/**
 * A ticket's messages: oldest at the top, day separators and the start (and, once closed, the end) of the
 * conversation; older pages loaded within MESSAGE_LIST_TOP_THRESHOLD_PX of the top without the view jumping; new
 * messages followed when the reader is at the bottom (the socket appends them and patches acks, edits, deletions,
 * reactions and finished downloads in place: tickets/ticket-cache.ts). Reactions are badges on their message. The
 * message menu's actions and the forward selection live here.
 */
export function MessagesList({ ticketId, testId = "messages-list", ticket: openTicket, readOnly = false }: Props) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const query = useTicketMessages(ticketId);
  const state = useConversation();
  const react = useReactToMessage();
  const remove = useDeleteMessage();
  const [editing, setEditing] = useState<MessageView | null>(null);
  const [deleting, setDeleting] = useState<MessageView | null>(null);
  const [forwarding, setForwarding] = useState(false);
  const [highlighted, setHighlighted] = useState<number | null>(null);
  const box = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  // Distance from the bottom before the last render, to keep the view still when older pages arrive on top.
  const fromBottom = useRef<number | null>(null);
  const lastRowId = useRef<number | null>(null);
  const firstRowId = useRef<number | null>(null);

  useEffect(() => {
    if (!readOnly) conversation.open(ticketId);
  }, [ticketId, readOnly]);

  const messages = useMemo(() => (query.data ? [...query.data.pages].reverse().flatMap((page) => page.messages) : []), [query.data]);
  const { rows, reactions } = useMemo(() => splitReactions(messages), [messages]);
  const ticket = openTicket ?? query.data?.pages[0]?.ticket;
  const selecting = !readOnly && state.ticketId === ticketId && state.selecting;
  // The menu offers only what the ticket's connection can do (no edit or delete for everyone on the Cloud API).
  const capabilities = useConnectionCapabilities(readOnly ? null : ticket?.whatsappId);

  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const previous = fromBottom.current;
    const first = rows[0];
    const last = rows.at(-1);
    // A message of ours just appended: show it even when reading further up.
    const ownNew = last !== undefined && last.id !== lastRowId.current && lastRowId.current !== null && last.fromMe && !last.automatic;
    const olderPage = first !== undefined && firstRowId.current !== null && first.id !== firstRowId.current;
    lastRowId.current = last?.id ?? null;
    firstRowId.current = first?.id ?? null;
    // First page, or the reader was at the bottom: follow the newest message. An older page arriving on top keeps
    // the reader's distance from the bottom, so what they are reading stays put; anything else leaves the view alone.
    if (previous === null || previous < MESSAGE_LIST_TOP_THRESHOLD_PX || ownNew) el.scrollTop = el.scrollHeight;
    else if (olderPage) el.scrollTop = el.scrollHeight - el.clientHeight - previous;
    fromBottom.current = rows.length > 0 ? el.scrollHeight - el.scrollTop - el.clientHeight : null;
  }, [rows]);

  // Images and players take their height after they load: a reader at the bottom stays there.
  useEffect(() => {
    const el = box.current;
    const inner = content.current;
    if (!el || !inner || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(() => {
      if (fromBottom.current !== null && fromBottom.current < MESSAGE_LIST_TOP_THRESHOLD_PX) el.scrollTop = el.scrollHeight;
    });
    observer.observe(inner);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    if (highlighted === null) return;
    const timer = setTimeout(() => setHighlighted(null), HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [highlighted]);

  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    const el = event.currentTarget;
    fromBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight;
    if (el.scrollTop < MESSAGE_LIST_TOP_THRESHOLD_PX && query.hasNextPage && !query.isFetchingNextPage) void query.fetchNextPage();
  };

  const scrollToMessage = useCallback((id: number) => {
    const target = box.current?.querySelector<HTMLElement>(`[data-testid="message-${id}"]`);
    if (!target) return;
    target.scrollIntoView?.({ block: "center", behavior: "smooth" });
    setHighlighted(id);
  }, []);

  const handlers = useMemo<MessageActionHandlers>(
    () => ({
      meId: user?.id ?? null,
      capabilities,
      onReact: (message, emoji) => react.mutate({ id: message.id, emoji }),
      onEdit: setEditing,
      onDelete: setDeleting,
    }),
    // react.mutate is stable across renders (the mutation object is not).
    [user?.id, capabilities, react.mutate],
  );

  // Forwarded in the conversation's order, whatever the order they were ticked in.
  const selectedIds = useMemo(() => rows.filter((message) => state.selected.has(message.id)).map((message) => message.id), [rows, state.selected]);

  const submitForward = () => {
    if (selectedIds.length === 0) {
      toastWarning(t("messagesList.header.notMessage"));
      return;
    }
    setForwarding(true);
  };

  return (
    <Box sx={{ flex: 1, minHeight: 0, display: "flex", flexDirection: "column" }}>
      <Box ref={box} onScroll={onScroll} data-testid={testId} sx={{ flex: 1, minHeight: 0, overflowY: "auto", py: 1, bgcolor: "action.hover" }}>
        <Box ref={content}>
          {(query.isLoading || query.isFetchingNextPage) && (
            <Box sx={{ display: "flex", justifyContent: "center", py: 1 }}>
              <CircularProgress size={20} />
            </Box>
          )}
          {query.isSuccess && !query.hasNextPage && rows.length > 0 && (
            <Marker testId="messages-ticket-start" text={ticket ? t("conversation.separators.started", { id: ticket.id }) : t("conversation.separators.startedPlain")} />
          )}
          {rows.map((message, index) => {
            const day = format(parseISO(message.createdAt), "yyyy-MM-dd");
            const previous = rows[index - 1];
            const newDay = !previous || format(parseISO(previous.createdAt), "yyyy-MM-dd") !== day;
            return (
              <Fragment key={message.id}>
                {newDay && (
                  <Box sx={{ display: "flex", justifyContent: "center", my: 1 }}>
                    <Chip size="small" label={formatDate(message.createdAt)} data-testid="messages-day" />
                  </Box>
                )}
                <MessageItem
                  message={message}
                  reactions={reactions.get(message.id)}
                  handlers={readOnly ? undefined : handlers}
                  selecting={selecting}
                  selected={state.selected.has(message.id)}
                  onToggleSelected={(m) => conversation.toggleSelected(m.id)}
                  onQuotedClick={scrollToMessage}
                  highlighted={highlighted === message.id}
                />
              </Fragment>
            );
          })}
          {ticket?.status === "closed" && rows.length > 0 && (
            <Marker
              testId="messages-ticket-end"
              text={ticket.closedAt ? t("conversation.separators.closedAt", { date: format(parseISO(ticket.closedAt), "dd/MM/yyyy HH:mm") }) : t("conversation.separators.closed")}
            />
          )}
          {query.isSuccess && rows.length === 0 && <EmptyState message={t("tickets.messages.empty")} />}
        </Box>
      </Box>
      {selecting && (
        <Paper square elevation={3} data-testid="forward-bar" sx={{ px: 2, py: 1 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
            <Typography variant="body2" sx={{ flex: 1 }} data-testid="forward-count" data-count={selectedIds.length}>
              {t("conversation.forward.selected", { count: selectedIds.length })}
            </Typography>
            <Button onClick={() => conversation.stopSelecting()} data-testid="forward-cancel">
              {t("common.cancel")}
            </Button>
            <Button variant="contained" onClick={submitForward} data-testid="forward-submit">
              {t("conversation.menu.forward")}
            </Button>
          </Stack>
        </Paper>
      )}
      {!readOnly && (
        <>
          <ForwardDialog
            open={forwarding}
            messageIds={selectedIds}
            onClose={() => setForwarding(false)}
            onDone={() => {
              setForwarding(false);
              conversation.stopSelecting();
            }}
          />
          <EditMessageDialog message={editing} onClose={() => setEditing(null)} />
          <ConfirmDialog
            open={deleting !== null}
            title={t("conversation.delete.title")}
            onClose={() => setDeleting(null)}
            onConfirm={() => {
              if (deleting) remove.mutate(deleting.id);
            }}
          />
        </>
      )}
    </Box>
  );
}

function Marker({ text, testId }: { text: string; testId: string }) {
  return (
    <Box sx={{ display: "flex", alignItems: "center", gap: 1, px: 2, my: 1.5 }} data-testid={testId}>
      <Box sx={{ flex: 1, borderTop: 1, borderColor: "divider" }} />
      <Typography variant="caption" sx={{ color: "text.secondary", textTransform: "uppercase", letterSpacing: 0.5 }}>
        {text}
      </Typography>
      <Box sx={{ flex: 1, borderTop: 1, borderColor: "divider" }} />
    </Box>
  );
}

import { useEffect, useRef, useState } from "react";
import { Avatar, Box, Button, CircularProgress, IconButton, Paper, Stack, Tooltip, Typography } from "@mui/material";
import DeleteOutlined from "@mui/icons-material/DeleteOutlined";
import ContactPageOutlined from "@mui/icons-material/ContactPageOutlined";
import { useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import { CLIENT_EVENTS, companyEvent, DENIED_REDIRECT_MS, type TicketEventPayload, type TicketView } from "@atendo/shared";
import { Can } from "../../components/Can.js";
import { ConfirmDialog } from "../../components/ConfirmDialog.js";
import { errorCodeOf } from "../auth/api-client.js";
import { useAuth } from "../auth/auth-context.js";
import { toastError, toastErrorText } from "../errors/toast.js";
import { useSocket, useSocketEvent } from "../realtime/socket-context.js";
import { ContactDrawer } from "../conversation/ContactDrawer.js";
import { conversation } from "../conversation/conversation-store.js";
import { MessageInput } from "../conversation/MessageInput.js";
import { CustomerWindowLabel } from "../conversation/CustomerWindowLabel.js";
import { TagEditor } from "../conversation/TagEditor.js";
import { useDeleteTicket, useTicket } from "./api.js";
import { MessagesList } from "./MessagesList.js";
import { PresenceText } from "./PresenceText.js";
import { TransferTicketDialog } from "./TransferTicketDialog.js";
import { useTicketActions } from "./useTicketActions.js";

/**
 * The open ticket: its header (contact, ticket id, assigned user, status actions, tags), its messages, the composer
 * and the contact drawer. A ticket the user may not open shows 'Acesso não permitido' and goes back to
 * /tickets after 1 s (core-service section 5).
 */
export function TicketPanel({ uuid }: { uuid: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const query = useTicket(uuid);
  const ticket = query.data;
  const toasted = useRef<string | null>(null);
  const denied = query.isError && errorCodeOf(query.error) === "ERR_NO_PERMISSION";

  // The toast once per address; the way back on every run of the effect, so an effect run twice (React's strict
  // mode in development) or re-run by a refetch still leaves the page instead of staying on an empty pane.
  useEffect(() => {
    if (!query.isError) return;
    if (toasted.current !== uuid) {
      toasted.current = uuid;
      if (denied) toastErrorText(t("tickets.denied"));
      else toastError(query.error);
    }
    const timer = setTimeout(() => navigate("/tickets", { replace: true }), DENIED_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [query.isError, query.error, denied, uuid, navigate, t]);

  if (query.isError) {
    return (
      <Paper
        variant="outlined"
        sx={{ height: "100%", display: "flex", alignItems: "center", justifyContent: "center", p: 3, textAlign: "center" }}
        data-testid="ticket-panel-denied"
      >
        <Typography sx={{ color: "text.secondary" }}>{denied ? t("tickets.denied") : t("tickets.unavailable")}</Typography>
      </Paper>
    );
  }
  if (!ticket) {
    return (
      <Paper variant="outlined" sx={{ height: "100%", display: "flex", alignItems: "center", justifyContent: "center" }}>
        <CircularProgress />
      </Paper>
    );
  }
  return <OpenTicket ticket={ticket} />;
}

function OpenTicket({ ticket }: { ticket: TicketView }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const socket = useSocket();
  const navigate = useNavigate();
  const actions = useTicketActions();
  const remove = useDeleteTicket();
  const [transferring, setTransferring] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);

  // The reply target and the forward selection belong to this ticket only.
  useEffect(() => {
    conversation.open(ticket.id);
  }, [ticket.id]);
  useEffect(() => () => conversation.open(null), []);

  // The conversation's room: its new messages and acks arrive while it is open.
  useEffect(() => {
    if (!socket) return;
    const join = () => socket.emit(CLIENT_EVENTS.joinChatBox, { ticketId: ticket.id });
    if (socket.connected) join();
    socket.on("connect", join);
    return () => {
      socket.off("connect", join);
      socket.emit(CLIENT_EVENTS.leaveChatBox, { ticketId: ticket.id });
    };
  }, [socket, ticket.id]);

  useSocketEvent<TicketEventPayload>(user ? companyEvent.ticket(user.companyId) : null, (event) => {
    if (event.action === "delete" && event.ticketId === ticket.id) navigate("/tickets", { replace: true });
  });

  const busy = actions.pending;
  return (
    <Paper variant="outlined" sx={{ height: "100%", display: "flex", flexDirection: "column", minHeight: 0 }} data-testid="ticket-panel" data-ticket-id={ticket.id} data-status={ticket.status}>
      <Stack direction="row" spacing={1.5} sx={{ p: 1.5, alignItems: "center", borderBottom: 1, borderColor: "divider", flexWrap: "wrap", rowGap: 1 }}>
        <Avatar src={ticket.contact.profilePicUrl ?? undefined} alt={ticket.contact.name}>
          {ticket.contact.name.slice(0, 1).toUpperCase()}
        </Avatar>
        <Box sx={{ flex: 1, minWidth: 160 }}>
          <Typography variant="subtitle1" noWrap data-testid="ticket-header-name">
            {ticket.contact.name} <Typography component="span" variant="caption" sx={{ color: "text.secondary" }} data-testid="ticket-header-id">#{ticket.id}</Typography>
          </Typography>
          <Typography variant="caption" sx={{ color: "text.secondary", display: "block" }} data-testid="ticket-header-user">
            {ticket.user ? t("tickets.header.assignedTo", { name: ticket.user.name }) : t("tickets.header.unassigned")}
            {ticket.queue ? ` · ${ticket.queue.name}` : ""}
          </Typography>
          <CustomerWindowLabel ticket={ticket} />
          {/* A line kept for the presence text: 'digitando...' appearing must not grow the header and push the
              conversation's last message out of view. */}
          <Box sx={{ height: 20, overflow: "hidden" }} data-testid="ticket-presence-slot">
            <PresenceText ticketId={ticket.id} />
          </Box>
        </Box>
        <TagEditor ticket={ticket} />
        <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
          {ticket.status === "pending" && (
            <Button size="small" variant="contained" disabled={busy} onClick={() => actions.accept(ticket)} data-testid="ticket-header-accept">
              {t("tickets.actions.accept")}
            </Button>
          )}
          {ticket.status === "open" && (
            <>
              <Button size="small" variant="outlined" disabled={busy} onClick={() => actions.returnToPending(ticket)} data-testid="ticket-header-return">
                {t("tickets.actions.returnToPending")}
              </Button>
              <Button size="small" variant="outlined" disabled={busy} onClick={() => setTransferring(true)} data-testid="ticket-header-transfer">
                {t("tickets.actions.transfer")}
              </Button>
              <Button size="small" variant="contained" disabled={busy} onClick={() => actions.resolve(ticket)} data-testid="ticket-header-resolve">
                {t("tickets.actions.resolve")}
              </Button>
            </>
          )}
          {ticket.status === "closed" && (
            <Button size="small" variant="contained" disabled={busy} onClick={() => actions.reopen(ticket)} data-testid="ticket-header-reopen">
              {t("tickets.actions.reopen")}
            </Button>
          )}
          <Tooltip title={t("composer.drawer.open")}>
            <IconButton
              size="small"
              aria-label={t("composer.drawer.open")}
              aria-pressed={drawerOpen}
              onClick={() => setDrawerOpen((open) => !open)}
              data-testid="contact-drawer-open"
            >
              <ContactPageOutlined fontSize="small" />
            </IconButton>
          </Tooltip>
          <Can perform="ticket-options:deleteTicket">
            <Tooltip title={t("tickets.actions.delete")}>
              <IconButton size="small" aria-label={t("tickets.actions.delete")} onClick={() => setDeleting(true)} data-testid="ticket-header-delete">
                <DeleteOutlined fontSize="small" />
              </IconButton>
            </Tooltip>
          </Can>
        </Stack>
      </Stack>
      <Box sx={{ flex: 1, minHeight: 0, display: "flex" }}>
        <Box sx={{ flex: 1, minWidth: 0, display: "flex", flexDirection: "column" }}>
          <MessagesList ticketId={ticket.id} ticket={ticket} />
          <MessageInput key={ticket.id} ticket={ticket} />
        </Box>
        <ContactDrawer ticket={ticket} open={drawerOpen} onClose={() => setDrawerOpen(false)} />
      </Box>
      <TransferTicketDialog ticket={transferring ? ticket : null} onClose={() => setTransferring(false)} />
      <ConfirmDialog
        open={deleting}
        title={t("tickets.delete.title", { id: ticket.id })}
        message={t("tickets.delete.message")}
        onClose={() => setDeleting(false)}
        onConfirm={() => remove.mutate(ticket.id, { onSuccess: () => navigate("/tickets", { replace: true }) })}
      />
    </Paper>
  );
}

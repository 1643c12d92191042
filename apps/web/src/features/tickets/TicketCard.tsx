import type { MouseEvent } from "react";
import { Avatar, Badge, Box, Button, Chip, IconButton, ListItemButton, Tooltip, Typography } from "@mui/material";
import VisibilityOutlined from "@mui/icons-material/VisibilityOutlined";
import { useTranslation } from "react-i18next";
import { previewText, type TicketView } from "@atendo/shared";
import { Can } from "../../components/Can.js";
import { PresenceText } from "./PresenceText.js";
import { TicketAgeLabel } from "./TicketAgeLabel.js";

interface Props {
  ticket: TicketView;
  selected: boolean;
  onOpen: (ticket: TicketView) => void;
  onAccept: (ticket: TicketView) => void;
  onClose: (ticket: TicketView) => void;
  onReopen: (ticket: TicketView) => void;
  onTransfer: (ticket: TicketView) => void;
  onSpy: (ticket: TicketView) => void;
  busy?: boolean;
}

/**
 * A ticket in a list (core-service section 2): contact, last message, queue chip, connection, unread count, age,
 * presence, the status's actions (pending: accept, close; open: transfer, close; closed: reopen) and the admins' spy.
 */
export function TicketCard({ ticket, selected, onOpen, onAccept, onClose, onReopen, onTransfer, onSpy, busy = false }: Props) {
  const { t } = useTranslation();
  const stop = (action: (ticket: TicketView) => void) => (event: MouseEvent) => {
    event.stopPropagation();
    action(ticket);
  };
  const button = (key: string, label: string, action: (ticket: TicketView) => void, color: "primary" | "error" | "inherit" = "primary") => (
    <Button key={key} size="small" color={color} variant="outlined" disabled={busy} onClick={stop(action)} data-testid={`ticket-${key}-${ticket.id}`}>
      {label}
    </Button>
  );

  return (
    <ListItemButton
      selected={selected}
      onClick={() => onOpen(ticket)}
      data-testid={`ticket-item-${ticket.id}`}
      data-uuid={ticket.uuid}
      data-status={ticket.status}
      sx={{ alignItems: "flex-start", gap: 1.5, borderBottom: 1, borderColor: "divider", borderLeft: 4, borderLeftColor: ticket.queue?.color ?? "grey.400" }}
    >
      <Avatar src={ticket.contact.profilePicUrl ?? undefined} alt={ticket.contact.name} sx={{ mt: 0.5 }}>
        {ticket.contact.name.slice(0, 1).toUpperCase()}
      </Avatar>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Box sx={{ display: "flex", alignItems: "center", gap: 1 }}>
          <Typography variant="subtitle2" noWrap sx={{ flex: 1 }} data-testid="ticket-contact-name">
            {ticket.contact.name}
          </Typography>
          <TicketAgeLabel since={ticket.lastMessageAt ?? ticket.updatedAt} />
        </Box>
        <Box sx={{ display: "flex", alignItems: "center", gap: 1 }}>
          <Typography variant="body2" noWrap sx={{ flex: 1, color: "text.secondary" }} data-testid="ticket-last-message">
            {previewText(ticket.lastMessage)}
          </Typography>
          <Badge badgeContent={ticket.unreadMessages} color="success" data-testid="ticket-unread" data-count={ticket.unreadMessages} sx={{ mr: 1 }} />
        </Box>
        <PresenceText ticketId={ticket.id} />
        <Box sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 0.5, mt: 0.5 }}>
          <Chip
            size="small"
            label={ticket.queue?.name ?? t("tickets.noQueue")}
            data-testid="ticket-queue"
            sx={ticket.queue ? { bgcolor: ticket.queue.color, color: "#fff" } : undefined}
          />
          {ticket.whatsapp && <Chip size="small" variant="outlined" label={ticket.whatsapp.name} data-testid="ticket-connection" />}
          {ticket.user && ticket.status !== "pending" && <Chip size="small" variant="outlined" label={ticket.user.name} />}
          <Box sx={{ flex: 1 }} />
          <Can perform="tickets:spy">
            <Tooltip title={t("tickets.card.spy")}>
              <IconButton size="small" aria-label={t("tickets.card.spy")} onClick={stop(onSpy)} data-testid={`ticket-spy-${ticket.id}`}>
                <VisibilityOutlined fontSize="small" />
              </IconButton>
            </Tooltip>
          </Can>
        </Box>
        <Box sx={{ display: "flex", gap: 0.5, mt: 0.5 }}>
          {ticket.status === "pending" && [button("accept", t("tickets.actions.accept"), onAccept), button("close", t("tickets.actions.close"), onClose, "error")]}
          {ticket.status === "open" && [button("transfer", t("tickets.actions.transfer"), onTransfer, "inherit"), button("close", t("tickets.actions.close"), onClose, "error")]}
          {ticket.status === "closed" && button("reopen", t("tickets.actions.reopen"), onReopen)}
        </Box>
      </Box>
    </ListItemButton>
  );
}

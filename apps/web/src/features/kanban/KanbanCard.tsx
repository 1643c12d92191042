import type { CSSProperties, ReactNode, Ref } from "react";
import { Box, Button, Card, CardActions, CardContent, IconButton, Typography } from "@mui/material";
import DragIndicator from "@mui/icons-material/DragIndicator";
import { useDraggable } from "@dnd-kit/core";
import { useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import { displayNumber, type TicketView } from "@atendo/shared";
import { laneKey, type LaneId } from "./board.js";

/** A card's face: contact name, number, last message and 'Ver Ticket' (administration section 2, Kanban page). */
export function KanbanCardFace({ ticket, handle, style, cardRef }: { ticket: TicketView; handle?: ReactNode; style?: CSSProperties; cardRef?: Ref<HTMLDivElement> }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Card ref={cardRef} variant="outlined" style={style} data-testid={`kanban-card-${ticket.id}`}>
      <CardContent sx={{ pb: 0, display: "flex", gap: 1 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="subtitle2" noWrap data-testid="kanban-card-name">
            {ticket.contact.name}
          </Typography>
          <Typography variant="caption" color="text.secondary" component="div" data-testid="kanban-card-number">
            {ticket.contact.number ? displayNumber(ticket.contact.number) : ""}
          </Typography>
          <Typography variant="body2" sx={{ mt: 0.5, overflowWrap: "anywhere" }} data-testid="kanban-card-last-message">
            {ticket.lastMessage || t("kanban.noMessage")}
          </Typography>
        </Box>
        {handle}
      </CardContent>
      <CardActions>
        <Button size="small" onClick={() => navigate(`/tickets/${ticket.uuid}`)} data-testid={`kanban-card-open-${ticket.id}`}>
          {t("kanban.viewTicket")}
        </Button>
      </CardActions>
    </Card>
  );
}

/** A draggable card: dragged by its handle (mouse, touch, or keyboard: focus it, Space, arrows, Space). */
export function KanbanCard({ ticket, lane }: { ticket: TicketView; lane: LaneId }) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, isDragging } = useDraggable({ id: `ticket-${ticket.id}`, data: { ticket, lane: laneKey(lane) } });
  const handle = (
    <IconButton
      ref={setActivatorNodeRef}
      size="small"
      aria-label={t("kanban.dragHandle", { name: ticket.contact.name })}
      sx={{ alignSelf: "flex-start", cursor: "grab", touchAction: "none" }}
      {...attributes}
      {...listeners}
      data-testid={`kanban-card-handle-${ticket.id}`}
    >
      <DragIndicator fontSize="small" />
    </IconButton>
  );
  return <KanbanCardFace ticket={ticket} handle={handle} cardRef={setNodeRef} style={{ opacity: isDragging ? 0.4 : 1 }} />;
}

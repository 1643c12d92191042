import { useMemo, useState } from "react";
import { Box, Chip, Paper, Stack, Typography } from "@mui/material";
import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  useDroppable,
  useSensor,
  useSensors,
  type DragEndEvent,
  type DragStartEvent,
} from "@dnd-kit/core";
import { useTranslation } from "react-i18next";
import type { TagView, TicketView } from "@atendo/shared";
import { laneFromKey, laneKey, laneOf, OPEN_LANE, type LaneId } from "./board.js";
import { KanbanCard, KanbanCardFace } from "./KanbanCard.js";
import { laneKeyboardCoordinates } from "./lane-keyboard.js";

interface Props {
  lanes: TagView[];
  tickets: TicketView[];
  onMove: (ticket: TicketView, from: LaneId, to: LaneId) => void;
}

/** The board: 'Em aberto' first, then one lane per kanban tag in the order given; a card dropped on another lane moves. */
export function KanbanBoard({ lanes, tickets, onMove }: Props) {
  const { t } = useTranslation();
  const [dragging, setDragging] = useState<TicketView | null>(null);
  const sensors = useSensors(
    // A short distance / press before a drag starts, so a click or a scroll stays one.
    useSensor(MouseSensor, { activationConstraint: { distance: 5 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: laneKeyboardCoordinates }),
  );
  const byLane = useMemo(() => {
    const map = new Map<LaneId, TicketView[]>([[OPEN_LANE, []], ...lanes.map((l) => [l.id, []] as [LaneId, TicketView[]])]);
    for (const ticket of tickets) map.get(laneOf(ticket, lanes))?.push(ticket);
    return map;
  }, [lanes, tickets]);

  const onDragStart = ({ active }: DragStartEvent) => setDragging((active.data.current?.ticket as TicketView | undefined) ?? null);
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setDragging(null);
    const ticket = active.data.current?.ticket as TicketView | undefined;
    const from = laneFromKey(String(active.data.current?.lane ?? ""));
    const to = over ? laneFromKey(over.id) : null;
    if (ticket && from !== null && to !== null && from !== to) onMove(ticket, from, to);
  };

  return (
    <DndContext sensors={sensors} onDragStart={onDragStart} onDragEnd={onDragEnd} onDragCancel={() => setDragging(null)}>
      <Box sx={{ display: "flex", gap: 2, overflowX: "auto", pb: 1, alignItems: "flex-start" }} data-testid="kanban-board">
        <Lane id={OPEN_LANE} title={t("kanban.open")} tickets={byLane.get(OPEN_LANE) ?? []} />
        {lanes.map((lane) => (
          <Lane key={lane.id} id={lane.id} title={lane.name} color={lane.color} tickets={byLane.get(lane.id) ?? []} />
        ))}
      </Box>
      <DragOverlay>{dragging ? <KanbanCardFace ticket={dragging} /> : null}</DragOverlay>
    </DndContext>
  );
}

function Lane({ id, title, color, tickets }: { id: LaneId; title: string; color?: string; tickets: TicketView[] }) {
  const { t } = useTranslation();
  const { setNodeRef, isOver } = useDroppable({ id: laneKey(id) });
  return (
    <Paper
      ref={setNodeRef}
      variant="outlined"
      sx={{ width: 280, flexShrink: 0, p: 1, minHeight: "calc(100vh - 220px)", bgcolor: isOver ? "action.hover" : "background.default" }}
      data-testid={`kanban-lane-${id}`}
      data-over={isOver ? "true" : undefined}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: "center", mb: 1, px: 0.5 }}>
        <Box sx={{ width: 12, height: 12, borderRadius: "50%", bgcolor: color ?? "grey.500", flexShrink: 0 }} />
        <Typography variant="subtitle1" sx={{ flex: 1 }} noWrap data-testid="kanban-lane-title">
          {title}
        </Typography>
        <Chip size="small" label={tickets.length} data-testid="kanban-lane-count" />
      </Stack>
      <Stack spacing={1}>
        {tickets.map((ticket) => (
          <KanbanCard key={ticket.id} ticket={ticket} lane={id} />
        ))}
        {tickets.length === 0 && (
          <Typography variant="body2" color="text.secondary" sx={{ px: 0.5 }}>
            {t("kanban.empty")}
          </Typography>
        )}
      </Stack>
    </Paper>
  );
}

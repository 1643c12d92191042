import type { TagView, TicketView } from "@atendo/shared";

/** The first lane: open and pending tickets without a kanban tag (administration section 4, Kanban). */
export const OPEN_LANE = "open";
export type LaneId = typeof OPEN_LANE | number;

/** The lane a ticket sits in: the first kanban tag it carries in lane order, else 'Em aberto'. */
export function laneOf(ticket: Pick<TicketView, "tags">, lanes: readonly Pick<TagView, "id">[]): LaneId {
  const carried = new Set(ticket.tags.map((t) => t.id));
  return lanes.find((lane) => carried.has(lane.id))?.id ?? OPEN_LANE;
}

/** The board's statuses: anything else leaves the board. */
export const onBoard = (ticket: Pick<TicketView, "status">) => ticket.status === "open" || ticket.status === "pending";

/**
 * The ticket as it will be after a move: its kanban tags removed, the new lane's tag added (none for 'Em aberto');
 * other tags stay. The optimistic state of the card until the server answers.
 */
export function movedTicket(ticket: TicketView, to: LaneId, lanes: readonly Pick<TagView, "id" | "name" | "color">[]): TicketView {
  const laneIds = new Set(lanes.map((l) => l.id));
  const kept = ticket.tags.filter((t) => !laneIds.has(t.id));
  const target = to === OPEN_LANE ? undefined : lanes.find((l) => l.id === to);
  const tags = target ? [...kept, { id: target.id, name: target.name, color: target.color }].sort((a, b) => a.name.localeCompare(b.name)) : kept;
  return { ...ticket, tags };
}

/** A droppable/draggable id as dnd-kit holds it, and back. */
export const laneKey = (lane: LaneId) => `lane-${lane}`;
export const laneFromKey = (key: string | number): LaneId | null => {
  const match = /^lane-(open|\d+)$/.exec(String(key));
  if (!match) return null;
  return match[1] === OPEN_LANE ? OPEN_LANE : Number(match[1]);
};

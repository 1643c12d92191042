import { useTranslation } from "react-i18next";
import { useQueryClient } from "@tanstack/react-query";
import { companyEvent, type AppMessageEventPayload, type TicketEventPayload } from "@atendo/shared";
import { PageHeader } from "../components/PageHeader.js";
import { FullPageSpinner } from "../components/FullPageSpinner.js";
import { useAuth } from "../features/auth/auth-context.js";
import { useSocketEvent } from "../features/realtime/socket-context.js";
import { toastError, toastSuccess } from "../features/errors/toast.js";
import { kanbanKeys, useKanbanBoard, useKanbanLanes, useKanbanTickets } from "../features/kanban/api.js";
import { KanbanBoard } from "../features/kanban/KanbanBoard.js";

/**
 * Kanban page (administration sections 2 and 4): 'Em aberto' and one lane per kanban tag; dragging a card moves the
 * ticket's kanban tag. Other users' moves arrive as ticket events, a card's last message with the message's event
 * (an inbound message sends no separate ticket update), lane changes as tag events.
 */
export function KanbanPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const lanes = useKanbanLanes();
  const tickets = useKanbanTickets();
  const { move, onTicketEvent } = useKanbanBoard({
    onRemoved: () => toastSuccess(t("kanban.tagRemoved")),
    onAdded: () => toastSuccess(t("kanban.tagAdded")),
    // The card is back in its lane; the toast says why the server refused.
    onFailed: (error) => toastError(error),
  });

  useSocketEvent<TicketEventPayload>(user ? companyEvent.ticket(user.companyId) : null, onTicketEvent);
  useSocketEvent<AppMessageEventPayload>(user ? companyEvent.appMessage(user.companyId) : null, (event) => {
    if (event.action === "create") onTicketEvent({ action: "update", ticket: event.ticket });
  });
  useSocketEvent(user ? companyEvent.tag(user.companyId) : null, () => {
    void queryClient.invalidateQueries({ queryKey: kanbanKeys.lanes() });
    void queryClient.invalidateQueries({ queryKey: kanbanKeys.tickets() });
  });

  return (
    <>
      <PageHeader title={t("menu.items.kanban")} />
      {lanes.data && tickets.data ? (
        <KanbanBoard
          lanes={lanes.data}
          tickets={tickets.data}
          onMove={(ticket, from, to) => move.mutate({ ticket, from, to, lanes: lanes.data })}
        />
      ) : (
        <FullPageSpinner />
      )}
    </>
  );
}


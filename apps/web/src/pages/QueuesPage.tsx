import { Box, Paper, Skeleton } from "@mui/material";
import { useTranslation } from "react-i18next";
import { companyEvent, type QueueView } from "@atendo/shared";
import { CrudHeader } from "../components/CrudTable.js";
import { EmptyState } from "../components/EmptyState.js";
import { useRefreshOnCompanyEvent } from "../features/realtime/useRefreshOnCompanyEvent.js";
import { toastSuccess } from "../features/errors/toast.js";
import { queueKeys, useDeleteQueue, useQueues } from "../features/queues/api.js";
import { QueueCard } from "../features/queues/QueueCard.js";
import { QueueDialog } from "../features/queues/QueueDialog.js";
import { useCan } from "../features/auth/useCan.js";
import { usePromptOptions, useQueueIntegrationOptions } from "../features/queue-integrations/api.js";
import { useConfirmDelete, useEditDialog } from "../hooks/useCrudDialogs.js";

/** Queues page (core-service section 2): cards per queue; add, edit, delete; follows other admins' changes live. */
export function QueuesPage() {
  const { t } = useTranslation();
  const queues = useQueues();
  const remove = useDeleteQueue();
  const editor = useEditDialog<QueueView>();
  const confirmDelete = useConfirmDelete<QueueView>({
    title: (queue) => t("queues.deleteTitle", { name: queue.name }),
    onConfirm: (queue) => remove.mutate(queue.id, { onSuccess: () => toastSuccess(t("queues.deleted"), { admin: true }) }),
  });
  const integrations = useQueueIntegrationOptions(useCan("integrations:use"));
  const canPrompts = useCan("prompts:use");
  const prompts = usePromptOptions(canPrompts);
  /** The card's "current integration": the integration's name, else the AI prompt's. */
  const botNameOf = (queue: QueueView) =>
    (queue.integrationId !== null ? integrations.data?.find((item) => item.id === queue.integrationId)?.name : undefined) ??
    (queue.promptId !== null && canPrompts ? prompts.data?.find((item) => item.id === queue.promptId)?.name : undefined) ??
    null;

  useRefreshOnCompanyEvent(companyEvent.queue, queueKeys.all);

  return (
    <>
      <CrudHeader title={t("queues.title")} testId="queues" addLabel={t("queues.add")} onAdd={() => editor.show()} />
      {queues.isPending ? (
        <Box sx={{ display: "grid", gridTemplateColumns: "repeat(auto-fill, minmax(280px, 1fr))", gap: 2 }}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} variant="rounded" height={190} />
          ))}
        </Box>
      ) : queues.data?.length ? (
        <Box sx={{ display: "grid", gridTemplateColumns: "repeat(auto-fill, minmax(280px, 1fr))", gap: 2 }} data-testid="queues-list">
          {queues.data.map((queue) => (
            <QueueCard key={queue.id} queue={queue} botName={botNameOf(queue)} onEdit={() => editor.show(queue)} onDelete={() => confirmDelete.ask(queue)} />
          ))}
        </Box>
      ) : (
        <Paper variant="outlined">
          <EmptyState message={t("queues.empty")} />
        </Paper>
      )}
      <QueueDialog open={editor.open} queue={editor.item} onClose={editor.close} />
      {confirmDelete.dialog}
    </>
  );
}

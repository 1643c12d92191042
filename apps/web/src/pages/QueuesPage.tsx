import { useState } from "react";
import { Box, Button, Paper, Skeleton } from "@mui/material";
import Add from "@mui/icons-material/Add";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { companyEvent, type QueueView } from "@atendo/shared";
import { PageHeader } from "../components/PageHeader.js";
import { EmptyState } from "../components/EmptyState.js";
import { ConfirmDialog } from "../components/ConfirmDialog.js";
import { useAuth } from "../features/auth/auth-context.js";
import { useSocketEvent } from "../features/realtime/socket-context.js";
import { toastSuccess } from "../features/errors/toast.js";
import { queueKeys, useDeleteQueue, useQueues } from "../features/queues/api.js";
import { QueueCard } from "../features/queues/QueueCard.js";
import { QueueDialog } from "../features/queues/QueueDialog.js";
import { useCan } from "../features/auth/useCan.js";
import { usePromptOptions, useQueueIntegrationOptions } from "../features/queue-integrations/api.js";

/** Queues page (core-service section 2): cards per queue; add, edit, delete; follows other admins' changes live. */
export function QueuesPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const queues = useQueues();
  const remove = useDeleteQueue();
  const [dialogOpen, setDialogOpen] = useState(false);
  const [editing, setEditing] = useState<QueueView | undefined>();
  const [deleting, setDeleting] = useState<QueueView | null>(null);
  const integrations = useQueueIntegrationOptions(useCan("integrations:use"));
  const canPrompts = useCan("prompts:use");
  const prompts = usePromptOptions(canPrompts);
  /** The card's "current integration": the integration's name, else the AI prompt's. */
  const botNameOf = (queue: QueueView) =>
    (queue.integrationId !== null ? integrations.data?.find((item) => item.id === queue.integrationId)?.name : undefined) ??
    (queue.promptId !== null && canPrompts ? prompts.data?.find((item) => item.id === queue.promptId)?.name : undefined) ??
    null;

  useSocketEvent(user ? companyEvent.queue(user.companyId) : null, () => {
    void queryClient.invalidateQueries({ queryKey: queueKeys.all });
  });

  const openDialog = (queue?: QueueView) => {
    setEditing(queue);
    setDialogOpen(true);
  };

  return (
    <>
      <PageHeader
        title={t("queues.title")}
        actions={
          <Button variant="contained" startIcon={<Add />} onClick={() => openDialog()} data-testid="queues-add">
            {t("queues.add")}
          </Button>
        }
      />
      {queues.isPending ? (
        <Box sx={{ display: "grid", gridTemplateColumns: "repeat(auto-fill, minmax(280px, 1fr))", gap: 2 }}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} variant="rounded" height={190} />
          ))}
        </Box>
      ) : queues.data?.length ? (
        <Box sx={{ display: "grid", gridTemplateColumns: "repeat(auto-fill, minmax(280px, 1fr))", gap: 2 }} data-testid="queues-list">
          {queues.data.map((queue) => (
            <QueueCard key={queue.id} queue={queue} botName={botNameOf(queue)} onEdit={() => openDialog(queue)} onDelete={() => setDeleting(queue)} />
          ))}
        </Box>
      ) : (
        <Paper variant="outlined">
          <EmptyState message={t("queues.empty")} />
        </Paper>
      )}
      <QueueDialog open={dialogOpen} queue={editing} onClose={() => setDialogOpen(false)} />
      <ConfirmDialog
        open={deleting !== null}
        title={t("queues.deleteTitle", { name: deleting?.name ?? "" })}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, { onSuccess: () => toastSuccess(t("queues.deleted"), { admin: true }) });
        }}
      />
    </>
  );
}

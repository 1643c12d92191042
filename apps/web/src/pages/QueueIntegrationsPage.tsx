import { useMemo, useState } from "react";
import { Box, Button, Card, CardActions, CardContent, Stack, Typography } from "@mui/material";
import Add from "@mui/icons-material/Add";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { companyEvent, type QueueIntegrationEventPayload, type QueueIntegrationView } from "@atendo/shared";
import { PageHeader } from "../components/PageHeader.js";
import { SearchField } from "../components/SearchField.js";
import { EmptyState } from "../components/EmptyState.js";
import { ConfirmDialog } from "../components/ConfirmDialog.js";
import { useAuth } from "../features/auth/auth-context.js";
import { useSocketEvent } from "../features/realtime/socket-context.js";
import { toastError, toastSuccess } from "../features/errors/toast.js";
import { applyQueueIntegrationEvent, useDeleteQueueIntegration, useQueueIntegrations } from "../features/queue-integrations/api.js";
import { QueueIntegrationDialog } from "../features/queue-integrations/QueueIntegrationDialog.js";
import { IntegrationTypeIcon } from "../features/queue-integrations/IntegrationTypeIcon.js";
import { useDebouncedValue } from "../hooks/useDebouncedValue.js";
import { useNearBottom } from "../hooks/useNearBottom.js";

/**
 * Queue integrations (/queue-integration, administration sections 2, 4, 5 and 7): a searchable card grid with
 * infinite scroll, each card with its type icon, name, Edit and Delete; Add opens the per-type form. Changes by
 * others arrive through `company-{id}-queueIntegration`. Plan flag useIntegrations (the route and menu are gated).
 */
export function QueueIntegrationsPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState("");
  const searchParam = useDebouncedValue(search.trim().toLowerCase());
  const list = useQueueIntegrations(searchParam);
  const remove = useDeleteQueueIntegration();
  const [editing, setEditing] = useState<QueueIntegrationView | "new" | null>(null);
  const [deleting, setDeleting] = useState<QueueIntegrationView | null>(null);

  const items = useMemo(() => {
    const byId = new Map<number, QueueIntegrationView>();
    for (const page of list.data?.pages ?? []) for (const item of page.queueIntegrations) byId.set(item.id, item);
    return [...byId.values()];
  }, [list.data]);
  const onScroll = useNearBottom(list);

  useSocketEvent<QueueIntegrationEventPayload>(user ? companyEvent.queueIntegration(user.companyId) : null, (payload) => applyQueueIntegrationEvent(queryClient, payload));

  return (
    <>
      <PageHeader
        title={t("queueIntegrations.title", { count: list.data?.pages[0]?.count ?? 0 })}
        actions={
          <>
            <SearchField placeholder={t("queueIntegrations.search")} value={search} onChange={setSearch} data-testid="queue-integrations-search" />
            <Button variant="contained" startIcon={<Add />} onClick={() => setEditing("new")} data-testid="queue-integrations-add">
              {t("queueIntegrations.addButton")}
            </Button>
          </>
        }
      />
      <Box onScroll={onScroll} sx={{ maxHeight: "calc(100vh - 200px)", overflowY: "auto" }} data-testid="queue-integrations-list">
        <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: "repeat(auto-fill, minmax(240px, 1fr))" }}>
          {items.map((item) => (
            <Card key={item.id} variant="outlined" data-testid={`queue-integration-card-${item.id}`}>
              <CardContent>
                <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
                  <IntegrationTypeIcon type={item.type} color="primary" />
                  <Typography variant="subtitle1" noWrap title={item.name}>
                    {item.name}
                  </Typography>
                </Stack>
                <Typography variant="body2" color="text.secondary">
                  {t(`queueIntegrations.types.${item.type}`)}
                </Typography>
              </CardContent>
              <CardActions>
                <Button size="small" onClick={() => setEditing(item)} data-testid={`queue-integration-edit-${item.id}`}>
                  {t("common.edit")}
                </Button>
                <Button size="small" color="error" onClick={() => setDeleting(item)} data-testid={`queue-integration-delete-${item.id}`}>
                  {t("common.delete")}
                </Button>
              </CardActions>
            </Card>
          ))}
        </Box>
        {list.isSuccess && items.length === 0 && <EmptyState message={t("queueIntegrations.empty")} />}
      </Box>
      <QueueIntegrationDialog open={editing !== null} integration={editing === "new" || editing === null ? undefined : editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title={t("queueIntegrations.deleteTitle", { name: deleting?.name ?? "" })}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          // Spec 8: a failed deletion shows the error's own text (its code's translation).
          remove.mutate(deleting.id, { onSuccess: () => toastSuccess(t("queueIntegrations.deleted")), onError: toastError });
        }}
      />
    </>
  );
}

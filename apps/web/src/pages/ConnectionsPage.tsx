import { useMemo, useState } from "react";
import { Box, Button, Paper, Skeleton } from "@mui/material";
import Add from "@mui/icons-material/Add";
import RestartAlt from "@mui/icons-material/RestartAlt";
import { useTranslation } from "react-i18next";
import { PageHeader } from "../components/PageHeader.js";
import { EmptyState } from "../components/EmptyState.js";
import { ConfirmDialog } from "../components/ConfirmDialog.js";
import { Can } from "../components/Can.js";
import { useCan } from "../features/auth/useCan.js";
import { toastSuccess } from "../features/errors/toast.js";
import { useQueueOptions } from "../features/users/api.js";
import {
  useConnections,
  useConnectionsRealtime,
  useDeleteConnection,
  useDisconnectSession,
  useRestartConnections,
} from "../features/connections/api.js";
import { ConnectionCard } from "../features/connections/ConnectionCard.js";
import { ConnectionDialog } from "../features/connections/ConnectionDialog.js";
import { QrDialog } from "../features/connections/QrDialog.js";
import type { Connection } from "../features/connections/types.js";

/**
 * Connections page (/ and /connections; core-service section 2): a card per connection, the buttons of its status,
 * admin actions (add, restart, edit, delete) and the QR dialog; follows the connection events live.
 */
export function ConnectionsPage() {
  const { t } = useTranslation();
  const canManage = useCan("connections-page:editOrDeleteConnection");
  const connections = useConnections();
  const queues = useQueueOptions(canManage);
  const remove = useDeleteConnection();
  const restart = useRestartConnections();
  const disconnect = useDisconnectSession();
  const [dialogOpen, setDialogOpen] = useState(false);
  const [editing, setEditing] = useState<Connection | undefined>();
  const [deleting, setDeleting] = useState<Connection | null>(null);
  const [disconnecting, setDisconnecting] = useState<Connection | null>(null);
  const [qrFor, setQrFor] = useState<number | null>(null);
  useConnectionsRealtime();

  const sorted = useMemo(() => [...(connections.data ?? [])].sort((a, b) => a.id - b.id), [connections.data]);
  const queueOptions = useMemo(() => (queues.data ?? []).map(({ id, name, color }) => ({ id, name, color })), [queues.data]);

  const openDialog = (connection?: Connection) => {
    setEditing(connection);
    setDialogOpen(true);
  };

  return (
    <>
      <PageHeader
        title={t("connections.title")}
        actions={
          <Can perform="connections-page:addConnection">
            <Button
              variant="outlined"
              startIcon={<RestartAlt />}
              disabled={restart.isPending}
              onClick={() => {
                toastSuccess(t("connections.restarting"), { admin: true });
                restart.mutate();
              }}
              data-testid="connections-restart"
            >
              {t("connections.restart")}
            </Button>
            <Button variant="contained" startIcon={<Add />} onClick={() => openDialog()} data-testid="connections-add">
              {t("connections.add")}
            </Button>
          </Can>
        }
      />
      {connections.isPending ? (
        <Box sx={{ display: "grid", gridTemplateColumns: "repeat(auto-fill, minmax(340px, 1fr))", gap: 2 }}>
          {[0, 1].map((i) => (
            <Skeleton key={i} variant="rounded" height={420} />
          ))}
        </Box>
      ) : sorted.length ? (
        <Box
          sx={{ display: "grid", gridTemplateColumns: "repeat(auto-fill, minmax(min(380px, 100%), 1fr))", gap: 2, alignItems: "start" }}
          data-testid="connections-list"
        >
          {sorted.map((connection) => (
            <ConnectionCard
              key={connection.id}
              connection={connection}
              queueOptions={canManage ? queueOptions : undefined}
              canManage={canManage}
              onEdit={() => openDialog(connection)}
              onDelete={() => setDeleting(connection)}
              onShowQr={() => setQrFor(connection.id)}
              onDisconnect={() => setDisconnecting(connection)}
            />
          ))}
        </Box>
      ) : (
        <Paper variant="outlined">
          <EmptyState message={t("connections.empty")} />
        </Paper>
      )}
      {canManage && <ConnectionDialog open={dialogOpen} connection={editing} queues={queueOptions} onClose={() => setDialogOpen(false)} />}
      <QrDialog whatsappId={qrFor} onClose={() => setQrFor(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title={t("connections.deleteTitle", { name: deleting?.name ?? "" })}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, { onSuccess: () => toastSuccess(t("connections.deleted"), { admin: true }) });
        }}
      />
      <ConfirmDialog
        open={disconnecting !== null}
        title={t("connections.disconnectTitle", { name: disconnecting?.name ?? "" })}
        message={t("connections.disconnectMessage")}
        onClose={() => setDisconnecting(null)}
        onConfirm={() => {
          if (disconnecting) disconnect.mutate(disconnecting.id);
        }}
      />
    </>
  );
}

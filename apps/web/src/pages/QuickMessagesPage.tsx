import { useState } from "react";
import {
  Button,
  Chip,
  IconButton,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
} from "@mui/material";
import Add from "@mui/icons-material/Add";
import DeleteOutlined from "@mui/icons-material/DeleteOutlined";
import Edit from "@mui/icons-material/Edit";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { companyEvent, type QuickMessageView } from "@atendo/shared";
import { PageHeader } from "../components/PageHeader.js";
import { SearchField } from "../components/SearchField.js";
import { EmptyState } from "../components/EmptyState.js";
import { ConfirmDialog } from "../components/ConfirmDialog.js";
import { actorOf } from "../features/auth/actor.js";
import { useAuth } from "../features/auth/auth-context.js";
import { useSocketEvent } from "../features/realtime/socket-context.js";
import { toastSuccess } from "../features/errors/toast.js";
import { quickMessageKeys, useDeleteQuickMessage, useQuickMessages } from "../features/quick-messages/api.js";
import { canEditQuickMessage } from "../features/quick-messages/can-edit-quick-message.js";
import { QuickMessageDialog } from "../features/quick-messages/QuickMessageDialog.js";
import { useDebouncedValue } from "../hooks/useDebouncedValue.js";

/** Quick messages page (administration section 2): shortcode, attachment or 'Sem anexo', general flag, actions. */
export function QuickMessagesPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState("");
  const searchParam = useDebouncedValue(search.trim().toLowerCase());
  const list = useQuickMessages(searchParam);
  const remove = useDeleteQuickMessage();
  const [dialogOpen, setDialogOpen] = useState(false);
  const [editing, setEditing] = useState<QuickMessageView | undefined>();
  const [deleting, setDeleting] = useState<QuickMessageView | null>(null);
  const actor = user ? { ...actorOf(user)!, id: user.id } : null;

  // General messages reach the whole company, personal ones only their author: both arrive on this event.
  useSocketEvent(user ? companyEvent.quickMessage(user.companyId) : null, () => {
    void queryClient.invalidateQueries({ queryKey: quickMessageKeys.all });
  });

  const openDialog = (quickMessage?: QuickMessageView) => {
    setEditing(quickMessage);
    setDialogOpen(true);
  };
  const messages = list.data ?? [];

  return (
    <>
      <PageHeader
        title={t("quickMessages.title")}
        actions={
          <>
            <SearchField placeholder={t("common.search")} value={search} onChange={setSearch} data-testid="quick-messages-search" />
            <Button variant="contained" startIcon={<Add />} onClick={() => openDialog()} data-testid="quick-messages-add">
              {t("quickMessages.add")}
            </Button>
          </>
        }
      />
      <Paper variant="outlined">
        <TableContainer sx={{ maxHeight: "calc(100vh - 200px)" }} data-testid="quick-messages-table">
          <Table stickyHeader size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t("quickMessages.shortcode")}</TableCell>
                <TableCell>{t("quickMessages.attachment")}</TableCell>
                <TableCell align="center">{t("quickMessages.general")}</TableCell>
                <TableCell align="right">{t("common.actions")}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {messages.map((quickMessage) => {
                const editable = canEditQuickMessage(actor, quickMessage);
                return (
                  <TableRow key={quickMessage.id} hover data-testid={`quick-message-row-${quickMessage.id}`}>
                    <TableCell data-testid="quick-message-shortcode-cell">{quickMessage.shortcode}</TableCell>
                    <TableCell data-testid="quick-message-attachment-cell">{quickMessage.mediaName ?? t("quickMessages.noAttachment")}</TableCell>
                    <TableCell align="center">
                      <Chip
                        size="small"
                        label={quickMessage.geral ? t("quickMessages.active") : t("quickMessages.inactive")}
                        color={quickMessage.geral ? "success" : "default"}
                        variant={quickMessage.geral ? "filled" : "outlined"}
                        data-testid="quick-message-geral-cell"
                      />
                    </TableCell>
                    <TableCell align="right">
                      {editable && (
                        <>
                          <IconButton
                            size="small"
                            aria-label={t("common.edit")}
                            onClick={() => openDialog(quickMessage)}
                            data-testid={`quick-message-edit-${quickMessage.id}`}
                          >
                            <Edit fontSize="small" />
                          </IconButton>
                          <IconButton
                            size="small"
                            aria-label={t("common.delete")}
                            onClick={() => setDeleting(quickMessage)}
                            data-testid={`quick-message-delete-${quickMessage.id}`}
                          >
                            <DeleteOutlined fontSize="small" />
                          </IconButton>
                        </>
                      )}
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
          {list.isSuccess && messages.length === 0 && <EmptyState message={t("quickMessages.empty")} />}
        </TableContainer>
      </Paper>
      <QuickMessageDialog open={dialogOpen} quickMessage={editing} onClose={() => setDialogOpen(false)} />
      <ConfirmDialog
        open={deleting !== null}
        title={t("quickMessages.deleteTitle", { shortcode: deleting?.shortcode ?? "" })}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, { onSuccess: () => toastSuccess(t("quickMessages.deleted"), { admin: true }) });
        }}
      />
    </>
  );
}

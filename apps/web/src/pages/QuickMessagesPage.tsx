import { Chip } from "@mui/material";
import { useTranslation } from "react-i18next";
import { companyEvent, type QuickMessageView } from "@atendo/shared";
import { CrudHeader, CrudTable, type CrudColumn } from "../components/CrudTable.js";
import { actorOf } from "../features/auth/actor.js";
import { useAuth } from "../features/auth/auth-context.js";
import { useRefreshOnCompanyEvent } from "../features/realtime/useRefreshOnCompanyEvent.js";
import { toastSuccess } from "../features/errors/toast.js";
import { quickMessageKeys, useDeleteQuickMessage, useQuickMessages } from "../features/quick-messages/api.js";
import { canEditQuickMessage } from "../features/quick-messages/can-edit-quick-message.js";
import { QuickMessageDialog } from "../features/quick-messages/QuickMessageDialog.js";
import { useConfirmDelete, useEditDialog } from "../hooks/useCrudDialogs.js";
import { useListSearch } from "../hooks/useListSearch.js";

/** Quick messages page (administration section 2): shortcode, attachment or 'Sem anexo', general flag, actions. */
export function QuickMessagesPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const search = useListSearch();
  const list = useQuickMessages(search.param);
  const remove = useDeleteQuickMessage();
  const editor = useEditDialog<QuickMessageView>();
  const confirmDelete = useConfirmDelete<QuickMessageView>({
    title: (quickMessage) => t("quickMessages.deleteTitle", { shortcode: quickMessage.shortcode }),
    onConfirm: (quickMessage) =>
      remove.mutate(quickMessage.id, { onSuccess: () => toastSuccess(t("quickMessages.deleted"), { admin: true }) }),
  });
  const actor = user ? { ...actorOf(user)!, id: user.id } : null;
  const editable = (quickMessage: QuickMessageView) => canEditQuickMessage(actor, quickMessage);

  // General messages reach the whole company, personal ones only their author: both arrive on this event.
  useRefreshOnCompanyEvent(companyEvent.quickMessage, quickMessageKeys.all);

  const messages = list.data ?? [];
  const columns: CrudColumn<QuickMessageView>[] = [
    { header: t("quickMessages.shortcode"), testId: "quick-message-shortcode-cell", cell: (quickMessage) => quickMessage.shortcode },
    {
      header: t("quickMessages.attachment"),
      testId: "quick-message-attachment-cell",
      cell: (quickMessage) => quickMessage.mediaName ?? t("quickMessages.noAttachment"),
    },
    {
      header: t("quickMessages.general"),
      align: "center",
      cell: (quickMessage) => (
        <Chip
          size="small"
          label={quickMessage.geral ? t("quickMessages.active") : t("quickMessages.inactive")}
          color={quickMessage.geral ? "success" : "default"}
          variant={quickMessage.geral ? "filled" : "outlined"}
          data-testid="quick-message-geral-cell"
        />
      ),
    },
  ];

  return (
    <>
      <CrudHeader
        title={t("quickMessages.title")}
        testId="quick-messages"
        addLabel={t("quickMessages.add")}
        onAdd={() => editor.show()}
        search={search}
      />
      <CrudTable
        testId="quick-messages-table"
        rowTestId="quick-message"
        columns={columns}
        rows={messages}
        loaded={list.isSuccess}
        emptyMessage={t("quickMessages.empty")}
        onEdit={editor.show}
        onDelete={confirmDelete.ask}
        canEdit={editable}
        canDelete={editable}
      />
      <QuickMessageDialog open={editor.open} quickMessage={editor.item} onClose={editor.close} />
      {confirmDelete.dialog}
    </>
  );
}

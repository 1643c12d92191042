import { useMemo, useRef, useState, type ChangeEvent } from "react";
import { Button, IconButton, Paper, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Tooltip } from "@mui/material";
import Add from "@mui/icons-material/Add";
import ArrowBack from "@mui/icons-material/ArrowBack";
import CheckCircle from "@mui/icons-material/CheckCircle";
import DeleteOutlined from "@mui/icons-material/DeleteOutlined";
import Edit from "@mui/icons-material/Edit";
import HelpOutlineOutlined from "@mui/icons-material/HelpOutlineOutlined";
import HighlightOff from "@mui/icons-material/HighlightOff";
import UploadFile from "@mui/icons-material/UploadFile";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link as RouterLink, useParams } from "react-router";
import {
  CONTACT_LIST_IMPORT_EXTENSIONS,
  companyEvent,
  formatNumber,
  type ContactListItemEventPayload,
  type ContactListItemView,
} from "@atendo/shared";
import { ConfirmDialog } from "../components/ConfirmDialog.js";
import { EmptyState } from "../components/EmptyState.js";
import { PageHeader } from "../components/PageHeader.js";
import { SearchField } from "../components/SearchField.js";
import { useAuth } from "../features/auth/auth-context.js";
import { toastSuccess } from "../features/errors/toast.js";
import { useSocketEvent } from "../features/realtime/socket-context.js";
import { ContactListItemDialog } from "../features/contact-lists/ContactListItemDialog.js";
import { ContactListImportDialog } from "../features/contact-lists/ContactListImportDialog.js";
import {
  applyListItemEvent,
  useContactList,
  useContactListItems,
  useDeleteContactListItem,
  useUploadContactList,
} from "../features/contact-lists/api.js";
import { useDebouncedValue } from "../hooks/useDebouncedValue.js";
import { useNearBottom } from "../hooks/useNearBottom.js";

/**
 * A contact list's contacts (administration section 2): search, back to the lists, spreadsheet import (.xls, .xlsx)
 * with its progress and per-row report, add/edit/delete, and the WhatsApp-valid icon. Kept current by
 * `company-{id}-ContactListItem` events (items, number checks landing, import progress).
 */
export function ContactListItemsPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const listId = Number(useParams().contactListId);
  const list = useContactList(listId);
  const [search, setSearch] = useState("");
  const searchParam = useDebouncedValue(search.trim());
  const query = useContactListItems(listId, searchParam);
  const remove = useDeleteContactListItem();
  const upload = useUploadContactList(listId);
  const fileInput = useRef<HTMLInputElement>(null);
  const [dialog, setDialog] = useState<{ open: boolean; item?: ContactListItemView }>({ open: false });
  const [deleting, setDeleting] = useState<ContactListItemView | null>(null);
  const [importId, setImportId] = useState<number | undefined>();

  const items = useMemo(() => query.data?.pages.flatMap((page) => page.contacts) ?? [], [query.data]);
  const count = query.data?.pages[0]?.count;
  const onScroll = useNearBottom(query);

  useSocketEvent<ContactListItemEventPayload>(user ? companyEvent.contactListItem(user.companyId) : null, (payload) =>
    applyListItemEvent(queryClient, payload),
  );

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file may be chosen again after fixing it.
    event.target.value = "";
    if (file) upload.mutate(file, { onSuccess: (started) => setImportId(started.id) });
  };

  const title = list.data ? `${list.data.name}${count !== undefined ? ` (${count})` : ""}` : t("contactLists.items.title");

  return (
    <>
      <PageHeader
        title={title}
        actions={
          <>
            <Button component={RouterLink} to="/contact-lists" startIcon={<ArrowBack />} data-testid="contact-list-items-back">
              {t("contactLists.items.back")}
            </Button>
            <SearchField placeholder={t("contactLists.items.searchPlaceholder")} value={search} onChange={setSearch} data-testid="contact-list-items-search" />
            <Tooltip title={t("contactLists.items.importHint")}>
              <span>
                <Button
                  variant="outlined"
                  startIcon={<UploadFile />}
                  onClick={() => fileInput.current?.click()}
                  disabled={upload.isPending}
                  data-testid="contact-list-items-import"
                >
                  {t("contactLists.items.import")}
                </Button>
              </span>
            </Tooltip>
            <input
              ref={fileInput}
              type="file"
              hidden
              accept={CONTACT_LIST_IMPORT_EXTENSIONS.join(",")}
              aria-label={t("contactLists.items.importFile")}
              onChange={onFile}
              data-testid="contact-list-items-import-input"
            />
            <Button variant="contained" startIcon={<Add />} onClick={() => setDialog({ open: true })} data-testid="contact-list-items-add">
              {t("contactLists.items.add")}
            </Button>
          </>
        }
      />
      <Paper variant="outlined">
        <TableContainer sx={{ maxHeight: "calc(100vh - 200px)" }} onScroll={onScroll} data-testid="contact-list-items-table">
          <Table stickyHeader size="small" aria-label={t("contactLists.items.title")}>
            <TableHead>
              <TableRow>
                <TableCell padding="checkbox">
                  <span style={{ position: "absolute", width: 1, height: 1, overflow: "hidden", clip: "rect(0 0 0 0)" }}>
                    {t("contactLists.items.whatsapp")}
                  </span>
                </TableCell>
                <TableCell>{t("contactLists.items.name")}</TableCell>
                <TableCell>{t("contactLists.items.number")}</TableCell>
                <TableCell>{t("contactLists.items.email")}</TableCell>
                <TableCell align="right">{t("common.actions")}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {items.map((item) => (
                <TableRow key={item.id} hover data-testid={`contact-list-item-row-${item.id}`}>
                  <TableCell padding="checkbox">
                    <WhatsappValidIcon valid={item.isWhatsappValid} />
                  </TableCell>
                  <TableCell data-testid="contact-list-item-cell-name">{item.name}</TableCell>
                  <TableCell data-testid="contact-list-item-cell-number">{formatNumber(item.number)}</TableCell>
                  <TableCell>{item.email}</TableCell>
                  <TableCell align="right">
                    <IconButton
                      size="small"
                      aria-label={t("contactLists.items.editNamed", { name: item.name })}
                      onClick={() => setDialog({ open: true, item })}
                      data-testid={`contact-list-item-edit-${item.id}`}
                    >
                      <Edit fontSize="small" />
                    </IconButton>
                    <IconButton
                      size="small"
                      aria-label={t("contactLists.items.deleteNamed", { name: item.name })}
                      onClick={() => setDeleting(item)}
                      data-testid={`contact-list-item-delete-${item.id}`}
                    >
                      <DeleteOutlined fontSize="small" />
                    </IconButton>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          {query.isSuccess && items.length === 0 && <EmptyState message={t("contactLists.items.empty")} />}
        </TableContainer>
      </Paper>
      <ContactListItemDialog open={dialog.open} contactListId={listId} item={dialog.item} onClose={() => setDialog({ open: false })} />
      <ContactListImportDialog importId={importId} onClose={() => setImportId(undefined)} />
      <ConfirmDialog
        open={deleting !== null}
        title={t("contactLists.items.deleteTitle", { name: deleting?.name ?? "" })}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting, { onSuccess: () => toastSuccess(t("contactLists.items.deleted")) });
        }}
      />
    </>
  );
}

/** Checked and on WhatsApp, checked and not, or not checked yet (no connected connection asked). */
function WhatsappValidIcon({ valid }: { valid: boolean | null }) {
  const { t } = useTranslation();
  const [label, icon] =
    valid === true
      ? [t("contactLists.items.valid"), <CheckCircle fontSize="small" color="success" />]
      : valid === false
        ? [t("contactLists.items.invalid"), <HighlightOff fontSize="small" color="error" />]
        : [t("contactLists.items.unchecked"), <HelpOutlineOutlined fontSize="small" color="disabled" />];
  return (
    <Tooltip title={label}>
      <span role="img" aria-label={label} data-testid="contact-list-item-valid" data-valid={String(valid)} style={{ display: "inline-flex" }}>
        {icon}
      </span>
    </Tooltip>
  );
}

import { useMemo, useState } from "react";
import { Button, IconButton, Paper, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Tooltip } from "@mui/material";
import Add from "@mui/icons-material/Add";
import DeleteOutlined from "@mui/icons-material/DeleteOutlined";
import Edit from "@mui/icons-material/Edit";
import FileDownloadOutlined from "@mui/icons-material/FileDownloadOutlined";
import PeopleOutlined from "@mui/icons-material/PeopleOutlined";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router";
import { companyEvent, type ContactListView } from "@atendo/shared";
import { ConfirmDialog } from "../components/ConfirmDialog.js";
import { EmptyState } from "../components/EmptyState.js";
import { PageHeader } from "../components/PageHeader.js";
import { SearchField } from "../components/SearchField.js";
import { useAuth } from "../features/auth/auth-context.js";
import { toastError, toastSuccess } from "../features/errors/toast.js";
import { useSocketEvent } from "../features/realtime/socket-context.js";
import { ContactListDialog } from "../features/contact-lists/ContactListDialog.js";
import { contactListKeys, downloadExampleSheet, useContactLists, useDeleteContactList } from "../features/contact-lists/api.js";
import { useDebouncedValue } from "../hooks/useDebouncedValue.js";
import { useNearBottom } from "../hooks/useNearBottom.js";

/**
 * Contact lists page (administration section 2): searchable list with each list's contacts count; per list the
 * example spreadsheet, its contacts, edit and delete. Kept current by `company-{id}-ContactList` events.
 */
export function ContactListsPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState("");
  const searchParam = useDebouncedValue(search.trim());
  const query = useContactLists(searchParam);
  const remove = useDeleteContactList();
  const [dialog, setDialog] = useState<{ open: boolean; list?: ContactListView }>({ open: false });
  const [deleting, setDeleting] = useState<ContactListView | null>(null);

  const lists = useMemo(() => query.data?.pages.flatMap((page) => page.records) ?? [], [query.data]);
  const onScroll = useNearBottom(query);

  useSocketEvent(user ? companyEvent.contactList(user.companyId) : null, () => {
    void queryClient.invalidateQueries({ queryKey: contactListKeys.lists() });
  });

  const download = () => void downloadExampleSheet().catch((error: unknown) => toastError(error));

  return (
    <>
      <PageHeader
        title={t("contactLists.title")}
        actions={
          <>
            <SearchField placeholder={t("contactLists.searchPlaceholder")} value={search} onChange={setSearch} data-testid="contact-lists-search" />
            <Button variant="contained" startIcon={<Add />} onClick={() => setDialog({ open: true })} data-testid="contact-lists-add">
              {t("contactLists.add")}
            </Button>
          </>
        }
      />
      <Paper variant="outlined">
        <TableContainer sx={{ maxHeight: "calc(100vh - 200px)" }} onScroll={onScroll} data-testid="contact-lists-table">
          <Table stickyHeader size="small" aria-label={t("contactLists.title")}>
            <TableHead>
              <TableRow>
                <TableCell>{t("contactLists.name")}</TableCell>
                <TableCell align="center">{t("contactLists.contactsCount")}</TableCell>
                <TableCell align="right">{t("common.actions")}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {lists.map((list) => (
                <TableRow key={list.id} hover data-testid={`contact-list-row-${list.id}`}>
                  <TableCell>{list.name}</TableCell>
                  <TableCell align="center" data-testid="contact-list-count">
                    {list.contactsCount}
                  </TableCell>
                  <TableCell align="right">
                    <Tooltip title={t("contactLists.downloadExample")}>
                      <IconButton size="small" aria-label={t("contactLists.downloadExample")} onClick={download}>
                        <FileDownloadOutlined fontSize="small" />
                      </IconButton>
                    </Tooltip>
                    <Tooltip title={t("contactLists.openContacts", { name: list.name })}>
                      <IconButton
                        size="small"
                        component={RouterLink}
                        to={`/contact-lists/${list.id}/contacts`}
                        aria-label={t("contactLists.openContacts", { name: list.name })}
                        data-testid={`contact-list-open-${list.id}`}
                      >
                        <PeopleOutlined fontSize="small" />
                      </IconButton>
                    </Tooltip>
                    <IconButton
                      size="small"
                      aria-label={t("contactLists.editNamed", { name: list.name })}
                      onClick={() => setDialog({ open: true, list })}
                      data-testid={`contact-list-edit-${list.id}`}
                    >
                      <Edit fontSize="small" />
                    </IconButton>
                    <IconButton
                      size="small"
                      aria-label={t("contactLists.deleteNamed", { name: list.name })}
                      onClick={() => setDeleting(list)}
                      data-testid={`contact-list-delete-${list.id}`}
                    >
                      <DeleteOutlined fontSize="small" />
                    </IconButton>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          {query.isSuccess && lists.length === 0 && <EmptyState message={t("contactLists.empty")} />}
        </TableContainer>
      </Paper>
      <ContactListDialog open={dialog.open} list={dialog.list} onClose={() => setDialog({ open: false })} />
      <ConfirmDialog
        open={deleting !== null}
        title={t("contactLists.deleteTitle", { name: deleting?.name ?? "" })}
        message={t("contactLists.deleteMessage")}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, { onSuccess: () => toastSuccess(t("contactLists.deleted")) });
        }}
      />
    </>
  );
}

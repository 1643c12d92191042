import { useMemo, useState } from "react";
import { Button, IconButton, Paper, Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from "@mui/material";
import Add from "@mui/icons-material/Add";
import DeleteOutlined from "@mui/icons-material/DeleteOutlined";
import Edit from "@mui/icons-material/Edit";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { companyEvent, type FileListEventPayload, type FileListView } from "@atendo/shared";
import { PageHeader } from "../components/PageHeader.js";
import { SearchField } from "../components/SearchField.js";
import { EmptyState } from "../components/EmptyState.js";
import { ConfirmDialog } from "../components/ConfirmDialog.js";
import { useAuth } from "../features/auth/auth-context.js";
import { useSocketEvent } from "../features/realtime/socket-context.js";
import { toastSuccess } from "../features/errors/toast.js";
import { applyFileListEvent, useDeleteFileList, useFileLists } from "../features/files/api.js";
import { FileListDialog } from "../features/files/FileListDialog.js";
import { useDebouncedValue } from "../hooks/useDebouncedValue.js";
import { useNearBottom } from "../hooks/useNearBottom.js";

/**
 * File lists page (administration section 2): title with the count, search, add, a table of names with edit and
 * delete, infinite scroll. Other users' changes arrive live through `company-{id}-file`.
 */
export function FilesPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState("");
  // Search text is lower-cased and sent 500 ms after typing stops (administration section 9).
  const searchParam = useDebouncedValue(search.trim().toLowerCase());
  const list = useFileLists(searchParam);
  const remove = useDeleteFileList();
  const [dialogOpen, setDialogOpen] = useState(false);
  const [editing, setEditing] = useState<FileListView | undefined>();
  const [deleting, setDeleting] = useState<FileListView | null>(null);

  const fileLists = useMemo(() => {
    // Pages are merged by id: a list that moved between pages while scrolling shows once.
    const byId = new Map<number, FileListView>();
    for (const page of list.data?.pages ?? []) for (const item of page.files) byId.set(item.id, item);
    return [...byId.values()];
  }, [list.data]);
  const count = list.data?.pages[0]?.count ?? 0;
  const onScroll = useNearBottom(list);

  useSocketEvent<FileListEventPayload>(user ? companyEvent.file(user.companyId) : null, (payload) => applyFileListEvent(queryClient, payload));

  const openDialog = (fileList?: FileListView) => {
    setEditing(fileList);
    setDialogOpen(true);
  };

  return (
    <>
      <PageHeader
        title={t("files.title", { count })}
        actions={
          <>
            <SearchField placeholder={t("common.search")} value={search} onChange={setSearch} data-testid="files-search" />
            <Button variant="contained" startIcon={<Add />} onClick={() => openDialog()} data-testid="files-add">
              {t("files.add")}
            </Button>
          </>
        }
      />
      <Paper variant="outlined">
        <TableContainer sx={{ maxHeight: "calc(100vh - 200px)" }} onScroll={onScroll} data-testid="files-table">
          <Table stickyHeader size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t("files.name")}</TableCell>
                <TableCell align="right">{t("common.actions")}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {fileLists.map((item) => (
                <TableRow key={item.id} hover data-testid={`file-list-row-${item.id}`}>
                  <TableCell data-testid="file-list-name-cell">{item.name}</TableCell>
                  <TableCell align="right">
                    <IconButton size="small" aria-label={t("common.edit")} onClick={() => openDialog(item)} data-testid={`file-list-edit-${item.id}`}>
                      <Edit fontSize="small" />
                    </IconButton>
                    <IconButton size="small" aria-label={t("common.delete")} onClick={() => setDeleting(item)} data-testid={`file-list-delete-${item.id}`}>
                      <DeleteOutlined fontSize="small" />
                    </IconButton>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          {list.isSuccess && fileLists.length === 0 && <EmptyState message={t("files.empty")} />}
        </TableContainer>
      </Paper>
      <FileListDialog open={dialogOpen} fileList={editing} onClose={() => setDialogOpen(false)} />
      <ConfirmDialog
        open={deleting !== null}
        title={t("files.deleteTitle", { name: deleting?.name ?? "" })}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, { onSuccess: () => toastSuccess(t("files.deleted"), { admin: true }) });
        }}
      />
    </>
  );
}

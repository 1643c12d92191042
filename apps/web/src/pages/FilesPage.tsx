import { useMemo } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { companyEvent, type FileListEventPayload, type FileListView } from "@atendo/shared";
import { CrudHeader, CrudTable, type CrudColumn } from "../components/CrudTable.js";
import { useAuth } from "../features/auth/auth-context.js";
import { useSocketEvent } from "../features/realtime/socket-context.js";
import { toastSuccess } from "../features/errors/toast.js";
import { applyFileListEvent, useDeleteFileList, useFileLists } from "../features/files/api.js";
import { FileListDialog } from "../features/files/FileListDialog.js";
import { useConfirmDelete, useEditDialog } from "../hooks/useCrudDialogs.js";
import { useListSearch } from "../hooks/useListSearch.js";
import { useNearBottom } from "../hooks/useNearBottom.js";

/**
 * File lists page (administration section 2): title with the count, search, add, a table of names with edit and
 * delete, infinite scroll. Other users' changes arrive live through `company-{id}-file`.
 */
export function FilesPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const search = useListSearch();
  const list = useFileLists(search.param);
  const remove = useDeleteFileList();
  const editor = useEditDialog<FileListView>();
  const confirmDelete = useConfirmDelete<FileListView>({
    title: (item) => t("files.deleteTitle", { name: item.name }),
    onConfirm: (item) => remove.mutate(item.id, { onSuccess: () => toastSuccess(t("files.deleted"), { admin: true }) }),
  });

  const fileLists = useMemo(() => {
    // Pages are merged by id: a list that moved between pages while scrolling shows once.
    const byId = new Map<number, FileListView>();
    for (const page of list.data?.pages ?? []) for (const item of page.files) byId.set(item.id, item);
    return [...byId.values()];
  }, [list.data]);
  const count = list.data?.pages[0]?.count ?? 0;
  const onScroll = useNearBottom(list);

  // The event carries the change, applied to the cached pages (no refetch).
  useSocketEvent<FileListEventPayload>(user ? companyEvent.file(user.companyId) : null, (payload) => applyFileListEvent(queryClient, payload));

  const columns: CrudColumn<FileListView>[] = [{ header: t("files.name"), testId: "file-list-name-cell", cell: (item) => item.name }];

  return (
    <>
      <CrudHeader title={t("files.title", { count })} testId="files" addLabel={t("files.add")} onAdd={() => editor.show()} search={search} />
      <CrudTable
        testId="files-table"
        rowTestId="file-list"
        columns={columns}
        rows={fileLists}
        loaded={list.isSuccess}
        emptyMessage={t("files.empty")}
        onEdit={editor.show}
        onDelete={confirmDelete.ask}
        onScroll={onScroll}
      />
      <FileListDialog open={editor.open} fileList={editor.item} onClose={editor.close} />
      {confirmDelete.dialog}
    </>
  );
}

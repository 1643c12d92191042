import { useMemo } from "react";
import { Chip, Stack } from "@mui/material";
import { useTranslation } from "react-i18next";
import type { AnnouncementView } from "@atendo/shared";
import { CrudHeader, CrudTable, type CrudColumn } from "../components/CrudTable.js";
import { toastSuccess } from "../features/errors/toast.js";
import { useAnnouncementsList, useDeleteAnnouncement } from "../features/announcements/api.js";
import { AnnouncementDialog } from "../features/announcements/AnnouncementDialog.js";
import { PriorityMarker } from "../features/announcements/PriorityMarker.js";
import { PRIORITY_LABEL_KEY } from "../features/announcements/priority.js";
import { useConfirmDelete, useEditDialog } from "../hooks/useCrudDialogs.js";
import { useListSearch } from "../hooks/useListSearch.js";
import { useNearBottom } from "../hooks/useNearBottom.js";

/**
 * Announcements page (administration section 2, super users; the route refuses others): searchable table of title,
 * priority, attachment, status and actions. The list refreshes on the platform-wide announcement event (the bell's hook).
 */
export function AnnouncementsPage() {
  const { t } = useTranslation();
  const search = useListSearch();
  const list = useAnnouncementsList(search.param);
  const remove = useDeleteAnnouncement();
  const editor = useEditDialog<AnnouncementView>();
  const confirmDelete = useConfirmDelete<AnnouncementView>({
    title: (item) => t("announcements.deleteTitle", { title: item.title }),
    onConfirm: (item) => remove.mutate(item.id, { onSuccess: () => toastSuccess(t("announcements.deleted"), { admin: true }) }),
  });

  const records = useMemo(() => list.data?.pages.flatMap((page) => page.records) ?? [], [list.data]);
  const onScroll = useNearBottom(list);

  const columns: CrudColumn<AnnouncementView>[] = [
    { header: t("announcements.titleField"), testId: "announcement-title-cell", cell: (item) => item.title },
    {
      header: t("announcements.priority"),
      cell: (item) => (
        <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
          <PriorityMarker priority={item.priority} />
          <span>{t(PRIORITY_LABEL_KEY[item.priority])}</span>
        </Stack>
      ),
    },
    {
      header: t("announcements.attachment"),
      testId: "announcement-attachment-cell",
      cell: (item) => item.mediaName ?? t("announcements.noAttachment"),
    },
    {
      header: t("announcements.status"),
      align: "center",
      cell: (item) => (
        <Chip
          size="small"
          label={item.status ? t("announcements.active") : t("announcements.inactive")}
          color={item.status ? "success" : "default"}
          data-testid="announcement-status-cell"
        />
      ),
    },
  ];

  return (
    <>
      <CrudHeader
        title={t("announcements.title")}
        testId="announcements"
        addLabel={t("announcements.add")}
        onAdd={() => editor.show()}
        search={search}
      />
      <CrudTable
        testId="announcements-table"
        rowTestId="announcement"
        columns={columns}
        rows={records}
        loaded={list.isSuccess}
        emptyMessage={t("announcements.empty")}
        onEdit={editor.show}
        onDelete={confirmDelete.ask}
        onScroll={onScroll}
      />
      <AnnouncementDialog open={editor.open} announcement={editor.item} onClose={editor.close} />
      {confirmDelete.dialog}
    </>
  );
}

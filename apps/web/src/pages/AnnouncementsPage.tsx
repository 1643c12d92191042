import { useMemo, useState } from "react";
import { Button, Chip, IconButton, Paper, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from "@mui/material";
import Add from "@mui/icons-material/Add";
import DeleteOutlined from "@mui/icons-material/DeleteOutlined";
import Edit from "@mui/icons-material/Edit";
import { useTranslation } from "react-i18next";
import type { AnnouncementView } from "@atendo/shared";
import { PageHeader } from "../components/PageHeader.js";
import { SearchField } from "../components/SearchField.js";
import { EmptyState } from "../components/EmptyState.js";
import { ConfirmDialog } from "../components/ConfirmDialog.js";
import { toastSuccess } from "../features/errors/toast.js";
import { useAnnouncementsList, useDeleteAnnouncement } from "../features/announcements/api.js";
import { AnnouncementDialog } from "../features/announcements/AnnouncementDialog.js";
import { PriorityMarker } from "../features/announcements/PriorityMarker.js";
import { PRIORITY_LABEL_KEY } from "../features/announcements/priority.js";
import { useDebouncedValue } from "../hooks/useDebouncedValue.js";
import { useNearBottom } from "../hooks/useNearBottom.js";

/**
 * Announcements page (administration section 2, super users; the route refuses others): searchable table of title,
 * priority, attachment, status and actions. The list refreshes on the platform-wide announcement event (the bell's hook).
 */
export function AnnouncementsPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useState("");
  // Search text is lower-cased and sent 500 ms after typing stops (administration section 9).
  const searchParam = useDebouncedValue(search.trim().toLowerCase());
  const list = useAnnouncementsList(searchParam);
  const remove = useDeleteAnnouncement();
  const [dialogOpen, setDialogOpen] = useState(false);
  const [editing, setEditing] = useState<AnnouncementView | undefined>();
  const [deleting, setDeleting] = useState<AnnouncementView | null>(null);

  const records = useMemo(() => list.data?.pages.flatMap((page) => page.records) ?? [], [list.data]);
  const onScroll = useNearBottom(list);

  const openDialog = (announcement?: AnnouncementView) => {
    setEditing(announcement);
    setDialogOpen(true);
  };

  return (
    <>
      <PageHeader
        title={t("announcements.title")}
        actions={
          <>
            <SearchField placeholder={t("common.search")} value={search} onChange={setSearch} data-testid="announcements-search" />
            <Button variant="contained" startIcon={<Add />} onClick={() => openDialog()} data-testid="announcements-add">
              {t("announcements.add")}
            </Button>
          </>
        }
      />
      <Paper variant="outlined">
        <TableContainer sx={{ maxHeight: "calc(100vh - 200px)" }} onScroll={onScroll} data-testid="announcements-table">
          <Table stickyHeader size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t("announcements.titleField")}</TableCell>
                <TableCell>{t("announcements.priority")}</TableCell>
                <TableCell>{t("announcements.attachment")}</TableCell>
                <TableCell align="center">{t("announcements.status")}</TableCell>
                <TableCell align="right">{t("common.actions")}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {records.map((item) => (
                <TableRow key={item.id} hover data-testid={`announcement-row-${item.id}`}>
                  <TableCell data-testid="announcement-title-cell">{item.title}</TableCell>
                  <TableCell>
                    <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
                      <PriorityMarker priority={item.priority} />
                      <span>{t(PRIORITY_LABEL_KEY[item.priority])}</span>
                    </Stack>
                  </TableCell>
                  <TableCell data-testid="announcement-attachment-cell">{item.mediaName ?? t("announcements.noAttachment")}</TableCell>
                  <TableCell align="center">
                    <Chip
                      size="small"
                      label={item.status ? t("announcements.active") : t("announcements.inactive")}
                      color={item.status ? "success" : "default"}
                      data-testid="announcement-status-cell"
                    />
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: "nowrap" }}>
                    <IconButton size="small" aria-label={t("common.edit")} onClick={() => openDialog(item)} data-testid={`announcement-edit-${item.id}`}>
                      <Edit fontSize="small" />
                    </IconButton>
                    <IconButton size="small" aria-label={t("common.delete")} onClick={() => setDeleting(item)} data-testid={`announcement-delete-${item.id}`}>
                      <DeleteOutlined fontSize="small" />
                    </IconButton>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          {list.isSuccess && records.length === 0 && <EmptyState message={t("announcements.empty")} />}
        </TableContainer>
      </Paper>
      <AnnouncementDialog open={dialogOpen} announcement={editing} onClose={() => setDialogOpen(false)} />
      <ConfirmDialog
        open={deleting !== null}
        title={t("announcements.deleteTitle", { title: deleting?.title ?? "" })}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, { onSuccess: () => toastSuccess(t("announcements.deleted"), { admin: true }) });
        }}
      />
    </>
  );
}

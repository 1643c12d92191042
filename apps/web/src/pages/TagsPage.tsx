import { useMemo, useState } from "react";
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
import { companyEvent, type TagView } from "@atendo/shared";
import { PageHeader } from "../components/PageHeader.js";
import { SearchField } from "../components/SearchField.js";
import { EmptyState } from "../components/EmptyState.js";
import { ConfirmDialog } from "../components/ConfirmDialog.js";
import { useAuth } from "../features/auth/auth-context.js";
import { useSocketEvent } from "../features/realtime/socket-context.js";
import { toastSuccess } from "../features/errors/toast.js";
import { tagKeys, useDeleteTag, useTagsList } from "../features/tags/api.js";
import { TagDialog } from "../features/tags/TagDialog.js";
import { useDebouncedValue } from "../hooks/useDebouncedValue.js";
import { useNearBottom } from "../hooks/useNearBottom.js";

/** Tags page (administration section 2): searchable infinite list with the name chip in the tag's colour. */
export function TagsPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState("");
  // Search text is lower-cased and sent 500 ms after typing stops (administration section 9).
  const searchParam = useDebouncedValue(search.trim().toLowerCase());
  const list = useTagsList(searchParam);
  const remove = useDeleteTag();
  const [dialogOpen, setDialogOpen] = useState(false);
  const [editing, setEditing] = useState<TagView | undefined>();
  const [deleting, setDeleting] = useState<TagView | null>(null);

  const tags = useMemo(() => list.data?.pages.flatMap((page) => page.tags) ?? [], [list.data]);
  const onScroll = useNearBottom(list);

  useSocketEvent(user ? companyEvent.tag(user.companyId) : null, () => {
    void queryClient.invalidateQueries({ queryKey: tagKeys.all });
  });

  const openDialog = (tag?: TagView) => {
    setEditing(tag);
    setDialogOpen(true);
  };

  return (
    <>
      <PageHeader
        title={t("tags.title")}
        actions={
          <>
            <SearchField placeholder={t("common.search")} value={search} onChange={setSearch} data-testid="tags-search" />
            <Button variant="contained" startIcon={<Add />} onClick={() => openDialog()} data-testid="tags-add">
              {t("tags.add")}
            </Button>
          </>
        }
      />
      <Paper variant="outlined">
        <TableContainer sx={{ maxHeight: "calc(100vh - 200px)" }} onScroll={onScroll} data-testid="tags-table">
          <Table stickyHeader size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t("tags.name")}</TableCell>
                <TableCell align="center">{t("tags.tickets")}</TableCell>
                <TableCell align="right">{t("common.actions")}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {tags.map((tag) => (
                <TableRow key={tag.id} hover data-testid={`tag-row-${tag.id}`}>
                  <TableCell>
                    <Chip
                      label={tag.name}
                      size="small"
                      sx={{ bgcolor: tag.color, color: (theme) => theme.palette.getContrastText(safeColor(tag.color)) }}
                      data-testid="tag-chip"
                    />
                  </TableCell>
                  <TableCell align="center" data-testid="tag-tickets">
                    {tag.ticketsCount}
                  </TableCell>
                  <TableCell align="right">
                    <IconButton size="small" aria-label={t("common.edit")} onClick={() => openDialog(tag)} data-testid={`tag-edit-${tag.id}`}>
                      <Edit fontSize="small" />
                    </IconButton>
                    <IconButton size="small" aria-label={t("common.delete")} onClick={() => setDeleting(tag)} data-testid={`tag-delete-${tag.id}`}>
                      <DeleteOutlined fontSize="small" />
                    </IconButton>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          {list.isSuccess && tags.length === 0 && <EmptyState message={t("tags.empty")} />}
        </TableContainer>
      </Paper>
      <TagDialog open={dialogOpen} tag={editing} onClose={() => setDialogOpen(false)} />
      <ConfirmDialog
        open={deleting !== null}
        title={t("tags.deleteTitle", { name: deleting?.name ?? "" })}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, { onSuccess: () => toastSuccess(t("tags.deleted"), { admin: true }) });
        }}
      />
    </>
  );
}

/** getContrastText throws on what it cannot parse (a colour name, a 4-digit hex): fall back to grey then. */
function safeColor(color: string): string {
  return /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(color) ? color : "#9e9e9e";
}

import { useMemo } from "react";
import { Chip } from "@mui/material";
import { useTranslation } from "react-i18next";
import { companyEvent, type TagView } from "@atendo/shared";
import { CrudHeader, CrudTable, type CrudColumn } from "../components/CrudTable.js";
import { useRefreshOnCompanyEvent } from "../features/realtime/useRefreshOnCompanyEvent.js";
import { toastSuccess } from "../features/errors/toast.js";
import { tagKeys, useDeleteTag, useTagsList } from "../features/tags/api.js";
import { TagDialog } from "../features/tags/TagDialog.js";
import { useConfirmDelete, useEditDialog } from "../hooks/useCrudDialogs.js";
import { useListSearch } from "../hooks/useListSearch.js";
import { useNearBottom } from "../hooks/useNearBottom.js";

/** Tags page (administration section 2): searchable infinite list with the name chip in the tag's colour. */
export function TagsPage() {
  const { t } = useTranslation();
  const search = useListSearch();
  const list = useTagsList(search.param);
  const remove = useDeleteTag();
  const editor = useEditDialog<TagView>();
  const confirmDelete = useConfirmDelete<TagView>({
    title: (tag) => t("tags.deleteTitle", { name: tag.name }),
    onConfirm: (tag) => remove.mutate(tag.id, { onSuccess: () => toastSuccess(t("tags.deleted"), { admin: true }) }),
  });

  const tags = useMemo(() => list.data?.pages.flatMap((page) => page.tags) ?? [], [list.data]);
  const onScroll = useNearBottom(list);

  useRefreshOnCompanyEvent(companyEvent.tag, tagKeys.all);

  const columns: CrudColumn<TagView>[] = [
    {
      header: t("tags.name"),
      cell: (tag) => (
        <Chip
          label={tag.name}
          size="small"
          sx={{ bgcolor: tag.color, color: (theme) => theme.palette.getContrastText(safeColor(tag.color)) }}
          data-testid="tag-chip"
        />
      ),
    },
    { header: t("tags.tickets"), align: "center", testId: "tag-tickets", cell: (tag) => tag.ticketsCount },
  ];

  return (
    <>
      <CrudHeader title={t("tags.title")} testId="tags" addLabel={t("tags.add")} onAdd={() => editor.show()} search={search} />
      <CrudTable
        testId="tags-table"
        rowTestId="tag"
        columns={columns}
        rows={tags}
        loaded={list.isSuccess}
        emptyMessage={t("tags.empty")}
        onEdit={editor.show}
        onDelete={confirmDelete.ask}
        onScroll={onScroll}
      />
      <TagDialog open={editor.open} tag={editor.item} onClose={editor.close} />
      {confirmDelete.dialog}
    </>
  );
}

/** getContrastText throws on what it cannot parse (a colour name, a 4-digit hex): fall back to grey then. */
function safeColor(color: string): string {
  return /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(color) ? color : "#9e9e9e";
}

import { useMemo } from "react";
import { Box, Chip, Tooltip } from "@mui/material";
import { Circle } from "@mui/icons-material";
import { useTranslation } from "react-i18next";
import { companyEvent, type UserView } from "@atendo/shared";
import { CrudHeader, CrudTable, type CrudColumn } from "../components/CrudTable.js";
import { useAuth } from "../features/auth/auth-context.js";
import { useRefreshOnCompanyEvent } from "../features/realtime/useRefreshOnCompanyEvent.js";
import { toastSuccess } from "../features/errors/toast.js";
import { UserDialog } from "../features/users/UserDialog.js";
import { userKeys, useDeleteUser, useUsersList } from "../features/users/api.js";
import { useConfirmDelete, useEditDialog } from "../hooks/useCrudDialogs.js";
import { useListSearch } from "../hooks/useListSearch.js";
import { useNearBottom } from "../hooks/useNearBottom.js";

/** Users page (core-service section 2): searchable infinite-scroll table with the online indicator. */
export function UsersPage() {
  const { t } = useTranslation();
  const { user: me } = useAuth();
  const search = useListSearch();
  const list = useUsersList(search.param);
  const remove = useDeleteUser();
  const editor = useEditDialog<UserView>();
  const confirmDelete = useConfirmDelete<UserView>({
    title: (user) => t("users.deleteTitle", { name: user.name }),
    onConfirm: (user) => remove.mutate(user.id, { onSuccess: () => toastSuccess(t("users.deleted"), { admin: true }) }),
  });

  const users = useMemo(() => list.data?.pages.flatMap((p) => p.users) ?? [], [list.data]);
  const onScroll = useNearBottom(list);

  // Another admin's change, or a user going online, refreshes the list.
  useRefreshOnCompanyEvent(companyEvent.user, userKeys.all);

  const columns: CrudColumn<UserView>[] = [
    {
      padding: "checkbox",
      cell: (user) => (
        <Tooltip title={user.online ? t("users.online") : t("users.offline")}>
          <Circle fontSize="small" sx={{ color: user.online ? "success.main" : "action.disabled", ml: 1 }} data-testid={`user-online-${user.online}`} />
        </Tooltip>
      ),
    },
    { header: t("users.name"), cell: (user) => user.name },
    { header: t("users.email"), cell: (user) => user.email },
    { header: t("users.profile"), cell: (user) => t(`users.profiles.${user.profile}`) },
    {
      header: t("users.queues"),
      cell: (user) => (
        <Box sx={{ display: "flex", gap: 0.5, flexWrap: "wrap" }}>
          {user.queues.map((q) => (
            <Chip key={q.id} size="small" label={q.name} sx={{ bgcolor: q.color, color: "#fff" }} />
          ))}
        </Box>
      ),
    },
  ];

  return (
    <>
      <CrudHeader
        title={t("users.title")}
        testId="users"
        addLabel={t("users.add")}
        onAdd={() => editor.show()}
        search={{ ...search, placeholder: t("users.searchPlaceholder") }}
        addIcon={null}
      />
      <CrudTable
        testId="users-table"
        rowTestId="user"
        columns={columns}
        rows={users}
        loaded={list.isSuccess}
        emptyMessage={t("users.empty")}
        onEdit={editor.show}
        onDelete={confirmDelete.ask}
        // No one deletes themselves.
        canDelete={(user) => user.id !== me?.id}
        onScroll={onScroll}
      />
      <UserDialog open={editor.open} user={editor.item} onClose={editor.close} />
      {confirmDelete.dialog}
    </>
  );
}

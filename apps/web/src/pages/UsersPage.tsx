import { useMemo, useState } from "react";
import {
  Box,
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
  Tooltip,
} from "@mui/material";
import { Circle, DeleteOutlined, Edit } from "@mui/icons-material";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { companyEvent, type UserView } from "@atendo/shared";
import { PageHeader } from "../components/PageHeader.js";
import { SearchField } from "../components/SearchField.js";
import { EmptyState } from "../components/EmptyState.js";
import { ConfirmDialog } from "../components/ConfirmDialog.js";
import { useAuth } from "../features/auth/auth-context.js";
import { useSocketEvent } from "../features/realtime/socket-context.js";
import { toastSuccess } from "../features/errors/toast.js";
import { UserDialog } from "../features/users/UserDialog.js";
import { userKeys, useDeleteUser, useUsersList } from "../features/users/api.js";
import { useDebouncedValue } from "../hooks/useDebouncedValue.js";
import { useNearBottom } from "../hooks/useNearBottom.js";

/** Users page (core-service section 2): searchable infinite-scroll table with the online indicator. */
export function UsersPage() {
  const { t } = useTranslation();
  const { user: me } = useAuth();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState("");
  const searchParam = useDebouncedValue(search.trim().toLowerCase());
  const list = useUsersList(searchParam);
  const remove = useDeleteUser();
  const [editing, setEditing] = useState<UserView | undefined>();
  const [dialogOpen, setDialogOpen] = useState(false);
  const [deleting, setDeleting] = useState<UserView | null>(null);

  const users = useMemo(() => list.data?.pages.flatMap((p) => p.users) ?? [], [list.data]);
  const onScroll = useNearBottom(list);

  // Another admin's change, or a user going online, refreshes the list.
  useSocketEvent(me ? companyEvent.user(me.companyId) : null, () => {
    void queryClient.invalidateQueries({ queryKey: userKeys.all });
  });

  const openDialog = (user?: UserView) => {
    setEditing(user);
    setDialogOpen(true);
  };

  return (
    <>
      <PageHeader
        title={t("users.title")}
        actions={
          <>
            <SearchField placeholder={t("users.searchPlaceholder")} value={search} onChange={setSearch} data-testid="users-search" />
            <Button variant="contained" onClick={() => openDialog()} data-testid="users-add">
              {t("users.add")}
            </Button>
          </>
        }
      />
      <Paper variant="outlined">
        <TableContainer sx={{ maxHeight: "calc(100vh - 200px)" }} onScroll={onScroll} data-testid="users-table">
          <Table stickyHeader size="small">
            <TableHead>
              <TableRow>
                <TableCell padding="checkbox" />
                <TableCell>{t("users.name")}</TableCell>
                <TableCell>{t("users.email")}</TableCell>
                <TableCell>{t("users.profile")}</TableCell>
                <TableCell>{t("users.queues")}</TableCell>
                <TableCell align="right">{t("common.actions")}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {users.map((user) => (
                <TableRow key={user.id} hover data-testid={`user-row-${user.id}`}>
                  <TableCell padding="checkbox">
                    <Tooltip title={user.online ? t("users.online") : t("users.offline")}>
                      <Circle fontSize="small" sx={{ color: user.online ? "success.main" : "action.disabled", ml: 1 }} data-testid={`user-online-${user.online}`} />
                    </Tooltip>
                  </TableCell>
                  <TableCell>{user.name}</TableCell>
                  <TableCell>{user.email}</TableCell>
                  <TableCell>{t(`users.profiles.${user.profile}`)}</TableCell>
                  <TableCell>
                    <Box sx={{ display: "flex", gap: 0.5, flexWrap: "wrap" }}>
                      {user.queues.map((q) => (
                        <Chip key={q.id} size="small" label={q.name} sx={{ bgcolor: q.color, color: "#fff" }} />
                      ))}
                    </Box>
                  </TableCell>
                  <TableCell align="right">
                    <IconButton size="small" aria-label={t("common.edit")} onClick={() => openDialog(user)} data-testid={`user-edit-${user.id}`}>
                      <Edit fontSize="small" />
                    </IconButton>
                    {user.id !== me?.id && (
                      <IconButton size="small" aria-label={t("common.delete")} onClick={() => setDeleting(user)} data-testid={`user-delete-${user.id}`}>
                        <DeleteOutlined fontSize="small" />
                      </IconButton>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          {list.isSuccess && users.length === 0 && <EmptyState message={t("users.empty")} />}
        </TableContainer>
      </Paper>
      <UserDialog open={dialogOpen} user={editing} onClose={() => setDialogOpen(false)} />
      <ConfirmDialog
        open={deleting !== null}
        title={t("users.deleteTitle", { name: deleting?.name ?? "" })}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, { onSuccess: () => toastSuccess(t("users.deleted"), { admin: true }) });
        }}
      />
    </>
  );
}

import { useCallback, useEffect, useMemo, useState } from "react";
import { Button, Chip, IconButton, Paper, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from "@mui/material";
import Add from "@mui/icons-material/Add";
import DeleteOutlined from "@mui/icons-material/DeleteOutlined";
import Edit from "@mui/icons-material/Edit";
import Visibility from "@mui/icons-material/VisibilityOutlined";
import { useSearchParams } from "react-router";
import { useTranslation } from "react-i18next";
import type { ContactOption, ScheduleView } from "@atendo/shared";
import { PageHeader } from "../components/PageHeader.js";
import { SearchField } from "../components/SearchField.js";
import { EmptyState } from "../components/EmptyState.js";
import { ConfirmDialog } from "../components/ConfirmDialog.js";
import { toastSuccess } from "../features/errors/toast.js";
import { useContact } from "../features/contacts/api.js";
import { useDeleteSchedule, useSchedulesList, useSchedulesRealtime } from "../features/schedules/api.js";
import { ScheduleCalendar } from "../features/schedules/ScheduleCalendar.js";
import { ScheduleDialog } from "../features/schedules/ScheduleDialog.js";
import { STATUS_COLOR, STATUS_LABEL_KEY } from "../features/schedules/schedule-status.js";
import { useDebouncedValue } from "../hooks/useDebouncedValue.js";
import { useNearBottom } from "../hooks/useNearBottom.js";

/**
 * Schedules page (administration section 2): a month/week/day calendar and a searchable list, kept current by the
 * `schedule` event. `?contactId=` opens the new-schedule dialog with that contact chosen.
 */
export function SchedulesPage() {
  const { t } = useTranslation();
  useSchedulesRealtime();
  const [params, setParams] = useSearchParams();
  const presetId = Number(params.get("contactId")) || undefined;
  const presetContact = useContact(presetId);
  const [search, setSearch] = useState("");
  // Search text is lower-cased and sent 500 ms after typing stops (administration section 9).
  const searchParam = useDebouncedValue(search.trim().toLowerCase());
  const list = useSchedulesList(searchParam);
  const remove = useDeleteSchedule();
  const onScroll = useNearBottom(list);
  const records = useMemo(() => list.data?.pages.flatMap((page) => page.schedules) ?? [], [list.data]);

  const [dialog, setDialog] = useState<{ schedule?: ScheduleView; contact?: ContactOption | null } | null>(null);
  const [deleting, setDeleting] = useState<ScheduleView | null>(null);

  // Opened from a contact (`/schedules?contactId=`): straight into a new schedule for it, once the contact is known.
  useEffect(() => {
    if (!presetId || !presetContact.data) return;
    const { id, name, number, email } = presetContact.data;
    setDialog({ contact: { id, name, number, email } });
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.delete("contactId");
      return next;
    }, { replace: true });
  }, [presetId, presetContact.data, setParams]);

  const onEdit = useCallback((schedule: ScheduleView) => setDialog({ schedule }), []);
  const onDelete = useCallback((schedule: ScheduleView) => setDeleting(schedule), []);

  return (
    <>
      <PageHeader
        title={t("schedules.title")}
        actions={
          <>
            <SearchField placeholder={t("common.search")} value={search} onChange={setSearch} data-testid="schedules-search" />
            <Button variant="contained" startIcon={<Add />} onClick={() => setDialog({})} data-testid="schedules-add">
              {t("schedules.add")}
            </Button>
          </>
        }
      />
      <Stack spacing={2}>
        <ScheduleCalendar onEdit={onEdit} onDelete={onDelete} />
        <Paper variant="outlined">
          <TableContainer sx={{ maxHeight: 480 }} onScroll={onScroll} data-testid="schedules-table">
            <Table stickyHeader size="small">
              <TableHead>
                <TableRow>
                  <TableCell>{t("schedules.contact")}</TableCell>
                  <TableCell>{t("schedules.message")}</TableCell>
                  <TableCell>{t("schedules.sendAt")}</TableCell>
                  <TableCell>{t("schedules.statusLabel")}</TableCell>
                  <TableCell align="right">{t("common.actions")}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {records.map((schedule) => (
                  <TableRow key={schedule.id} hover data-testid={`schedule-row-${schedule.id}`}>
                    <TableCell>{schedule.contact?.name ?? "—"}</TableCell>
                    <TableCell sx={{ maxWidth: 360 }}>
                      <Typography variant="body2" noWrap title={schedule.body}>
                        {schedule.body}
                      </Typography>
                    </TableCell>
                    <TableCell sx={{ whiteSpace: "nowrap" }}>{new Date(schedule.sendAt).toLocaleString()}</TableCell>
                    <TableCell>
                      <Chip size="small" color={STATUS_COLOR[schedule.status]} label={t(STATUS_LABEL_KEY[schedule.status])} data-testid={`schedule-status-${schedule.id}`} />
                    </TableCell>
                    <TableCell align="right" sx={{ whiteSpace: "nowrap" }}>
                      <IconButton
                        size="small"
                        aria-label={schedule.editable ? t("common.edit") : t("schedules.view")}
                        onClick={() => onEdit(schedule)}
                        data-testid={`schedule-edit-${schedule.id}`}
                      >
                        {schedule.editable ? <Edit fontSize="small" /> : <Visibility fontSize="small" />}
                      </IconButton>
                      <IconButton size="small" aria-label={t("common.delete")} onClick={() => onDelete(schedule)} data-testid={`schedule-delete-${schedule.id}`}>
                        <DeleteOutlined fontSize="small" />
                      </IconButton>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            {list.isSuccess && records.length === 0 && <EmptyState message={t("schedules.empty")} />}
          </TableContainer>
        </Paper>
      </Stack>
      <ScheduleDialog open={dialog !== null} schedule={dialog?.schedule} contact={dialog?.contact ?? null} onClose={() => setDialog(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title={t("schedules.deleteTitle")}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, { onSuccess: () => toastSuccess(t("schedules.deleted")) });
        }}
      />
    </>
  );
}

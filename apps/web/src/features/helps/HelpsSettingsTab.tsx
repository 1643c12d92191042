import { useState } from "react";
import {
  Box,
  Button,
  IconButton,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
} from "@mui/material";
import DeleteOutlined from "@mui/icons-material/DeleteOutlined";
import Edit from "@mui/icons-material/Edit";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { helpSchema, type HelpView } from "@atendo/shared";
import { ConfirmDialog } from "../../components/ConfirmDialog.js";
import { EmptyState } from "../../components/EmptyState.js";
import { applyFieldErrors } from "../../lib/form-errors.js";
import { toastError, toastSuccess } from "../errors/toast.js";
import { useDeleteHelp, useHelps, useSaveHelp } from "./api.js";

type FormValues = z.input<typeof helpSchema>;
type FormOutput = z.output<typeof helpSchema>;
const EMPTY: FormValues = { title: "", description: "", video: "" };

/** Settings page, Help tab (super users; administration section 2): a form and the table of help videos. */
export function HelpsSettingsTab() {
  const { t } = useTranslation();
  const helps = useHelps();
  const save = useSaveHelp();
  const remove = useDeleteHelp();
  const [editing, setEditing] = useState<HelpView | null>(null);
  const [deleting, setDeleting] = useState<HelpView | null>(null);
  const form = useForm<FormValues, unknown, FormOutput>({ resolver: zodResolver(helpSchema), defaultValues: EMPTY });
  const { errors, isSubmitting } = form.formState;
  const message = (m: string | undefined) => (m ? t(m) : undefined);

  const startEdit = (help: HelpView) => {
    setEditing(help);
    form.reset({ title: help.title, description: help.description, video: help.video });
  };
  const clear = () => {
    setEditing(null);
    form.reset(EMPTY);
  };

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      await save.mutateAsync({ id: editing?.id, input });
      toastSuccess(t("helps.saved"), { admin: true });
      clear();
    } catch (error) {
      if (!applyFieldErrors(error, form.setError, ["title", "description", "video"])) toastError(error);
    }
  });

  const rows = helps.data ?? [];
  return (
    <Stack spacing={3} data-testid="settings-helps">
      <Box component="form" onSubmit={onSubmit} noValidate>
        <Stack direction={{ xs: "column", md: "row" }} spacing={2} sx={{ alignItems: { md: "flex-start" } }}>
          <TextField
            label={t("helps.titleField")}
            {...form.register("title")}
            error={Boolean(errors.title)}
            helperText={message(errors.title?.message)}
            sx={{ flex: 1 }}
            data-testid="help-title"
          />
          <TextField
            label={t("helps.description")}
            {...form.register("description")}
            error={Boolean(errors.description)}
            helperText={message(errors.description?.message)}
            sx={{ flex: 2 }}
            data-testid="help-description"
          />
          <TextField
            label={t("helps.video")}
            {...form.register("video")}
            error={Boolean(errors.video)}
            helperText={errors.video ? t("helps.videoInvalid") : t("helps.videoHelp")}
            sx={{ flex: 1 }}
            data-testid="help-video"
          />
        </Stack>
        <Stack direction="row" spacing={1} sx={{ mt: 2, justifyContent: "flex-end" }}>
          {editing && (
            <Button onClick={clear} data-testid="help-cancel">
              {t("common.cancel")}
            </Button>
          )}
          <Button type="submit" variant="contained" disabled={isSubmitting} data-testid="help-save">
            {editing ? t("common.save") : t("common.add")}
          </Button>
        </Stack>
      </Box>
      <Paper variant="outlined">
        <TableContainer>
          <Table size="small" data-testid="helps-table">
            <TableHead>
              <TableRow>
                <TableCell>{t("helps.titleField")}</TableCell>
                <TableCell>{t("helps.description")}</TableCell>
                <TableCell>{t("helps.video")}</TableCell>
                <TableCell align="right">{t("common.actions")}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((help) => (
                <TableRow key={help.id} hover selected={editing?.id === help.id} data-testid={`help-row-${help.id}`}>
                  <TableCell>{help.title}</TableCell>
                  <TableCell sx={{ maxWidth: 360, overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" }}>{help.description}</TableCell>
                  <TableCell sx={{ fontFamily: "monospace" }}>{help.video}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: "nowrap" }}>
                    <IconButton size="small" aria-label={t("common.edit")} onClick={() => startEdit(help)} data-testid={`help-edit-${help.id}`}>
                      <Edit fontSize="small" />
                    </IconButton>
                    <IconButton size="small" aria-label={t("common.delete")} onClick={() => setDeleting(help)} data-testid={`help-delete-${help.id}`}>
                      <DeleteOutlined fontSize="small" />
                    </IconButton>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          {helps.isSuccess && rows.length === 0 && <EmptyState message={t("helps.empty")} />}
        </TableContainer>
      </Paper>
      <ConfirmDialog
        open={deleting !== null}
        title={t("helps.deleteTitle", { title: deleting?.title ?? "" })}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          const id = deleting.id;
          remove.mutate(id, {
            onSuccess: () => {
              if (editing?.id === id) clear();
              toastSuccess(t("helps.deleted"), { admin: true });
            },
          });
        }}
      />
    </Stack>
  );
}

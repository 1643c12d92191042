import { useEffect, useRef, useState } from "react";
import { Box, Button, Chip, Dialog, DialogActions, DialogContent, DialogTitle, IconButton, Stack, TextField, Typography } from "@mui/material";
import Add from "@mui/icons-material/Add";
import AttachFile from "@mui/icons-material/AttachFile";
import DeleteOutlined from "@mui/icons-material/DeleteOutlined";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { FILE_LIST_OPTIONS_MAX, fileListSchema, type FileListView } from "@atendo/shared";
import { toastError, toastSuccess } from "../errors/toast.js";
import { applyFieldErrors } from "../../lib/form-errors.js";
import { useSaveFileList, type OptionDraft } from "./api.js";

/** What a file list row may hold: the attachments a message may carry (the server checks the bytes whatever is picked). */
export const FILE_OPTION_ACCEPT = "image/*,audio/*,video/*,application/pdf,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.odt,.ods,.txt,.csv,.zip";

const formSchema = fileListSchema.pick({ name: true, message: true });
type FormValues = z.input<typeof formSchema>;

/** A dialog row: a stable key for React, the stored file's path (if any), a newly picked file. */
interface Row extends OptionDraft {
  key: string;
  path: string | null;
  error?: string;
}

let rowSeq = 0;
const rowOf = (option?: FileListView["options"][number]): Row => ({
  key: `row-${++rowSeq}`,
  id: option?.id,
  name: option?.name ?? "",
  path: option?.path ?? null,
});
/** The stored file's name as the row shows it (its last path segment). */
const storedName = (path: string | null) => (path ? path.slice(path.lastIndexOf("/") + 1) : null);

interface Props {
  open: boolean;
  /** The list to edit; absent to add one. */
  fileList?: FileListView;
  onClose: () => void;
}

/** File list modal (administration sections 2 and 5): name, message and option rows (name and an uploaded file). */
export function FileListDialog({ open, fileList, onClose }: Props) {
  const { t } = useTranslation();
  const save = useSaveFileList();
  const [rows, setRows] = useState<Row[]>([]);
  const form = useForm<FormValues, unknown, z.output<typeof formSchema>>({ resolver: zodResolver(formSchema), defaultValues: { name: "", message: "" } });
  const { errors, isSubmitting } = form.formState;
  const { reset } = form;

  useEffect(() => {
    if (!open) return;
    reset({ name: fileList?.name ?? "", message: fileList?.message ?? "" });
    setRows(fileList?.options.map(rowOf) ?? []);
  }, [open, fileList, reset]);

  const update = (key: string, change: Partial<Row>) => setRows((list) => list.map((r) => (r.key === key ? { ...r, ...change } : r)));

  const onSubmit = form.handleSubmit(async ({ name, message }) => {
    // Every row needs a name (the server says the same); shown on the row.
    const checked = rows.map((r) => ({ ...r, error: r.name.trim() ? undefined : "validation.required" }));
    setRows(checked);
    if (checked.some((r) => r.error)) return;
    try {
      const { uploadError } = await save.mutateAsync({
        id: fileList?.id,
        name,
        message,
        options: checked.map(({ id, name: optionName, file }) => ({ id, name: optionName.trim(), file })),
      });
      toastSuccess(t("files.saved"), { admin: true });
      if (uploadError) toastError(uploadError);
      onClose();
    } catch (error) {
      if (!applyFieldErrors(error, form.setError, ["name", "message"])) toastError(error);
    }
  });
  const message = (m: string | undefined) => (m ? t(m) : undefined);

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md" data-testid="file-list-dialog">
      <form onSubmit={onSubmit} noValidate>
        <DialogTitle>{fileList ? t("files.edit") : t("files.add")}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField label={t("files.name")} {...form.register("name")} error={Boolean(errors.name)} helperText={message(errors.name?.message)} data-testid="file-list-name" />
            <TextField
              label={t("files.message")}
              multiline
              minRows={3}
              {...form.register("message")}
              error={Boolean(errors.message)}
              helperText={message(errors.message?.message)}
              data-testid="file-list-message"
            />
            <Typography variant="subtitle2">{t("files.options")}</Typography>
            {rows.map((row, index) => (
              <OptionRow
                key={row.key}
                row={row}
                index={index}
                onName={(name) => update(row.key, { name, error: undefined })}
                onFile={(file) => update(row.key, { file })}
                onRemove={() => setRows((list) => list.filter((r) => r.key !== row.key))}
              />
            ))}
            <Box>
              <Button
                startIcon={<Add />}
                onClick={() => setRows((list) => [...list, rowOf()])}
                disabled={rows.length >= FILE_LIST_OPTIONS_MAX}
                data-testid="file-list-add-option"
              >
                {t("files.addOption")}
              </Button>
            </Box>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t("common.cancel")}</Button>
          <Button type="submit" variant="contained" disabled={isSubmitting} data-testid="file-list-save">
            {t("common.save")}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

function OptionRow({
  row,
  index,
  onName,
  onFile,
  onRemove,
}: {
  row: Row;
  index: number;
  onName: (name: string) => void;
  onFile: (file: File) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const shown = row.file?.name ?? storedName(row.path);
  return (
    <Stack direction={{ xs: "column", sm: "row" }} spacing={1} sx={{ alignItems: { sm: "center" } }} data-testid={`file-option-${index}`}>
      <TextField
        size="small"
        label={t("files.optionName")}
        value={row.name}
        onChange={(event) => onName(event.target.value)}
        error={Boolean(row.error)}
        helperText={row.error ? t(row.error) : undefined}
        sx={{ flex: 1 }}
        slotProps={{ htmlInput: { "data-testid": `file-option-name-${index}` } }}
      />
      <Box sx={{ flex: 1, minWidth: 0 }}>
        {shown ? <Chip label={shown} size="small" data-testid={`file-option-path-${index}`} /> : <Typography variant="body2" color="text.secondary">{t("files.noFile")}</Typography>}
      </Box>
      <input
        ref={input}
        type="file"
        hidden
        accept={FILE_OPTION_ACCEPT}
        data-testid={`file-option-input-${index}`}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) onFile(file);
          event.target.value = "";
        }}
      />
      <Button startIcon={<AttachFile />} onClick={() => input.current?.click()} data-testid={`file-option-upload-${index}`}>
        {t("files.upload")}
      </Button>
      <IconButton aria-label={t("files.removeOption")} onClick={onRemove} data-testid={`file-option-remove-${index}`}>
        <DeleteOutlined fontSize="small" />
      </IconButton>
    </Stack>
  );
}

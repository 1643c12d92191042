import { useEffect } from "react";
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, Stack, Switch, TextField } from "@mui/material";
import { Controller, useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { COLOR_PALETTE, tagSchema, type TagInput, type TagView } from "@atendo/shared";
import { errorCodeOf } from "../auth/api-client.js";
import { useCan } from "../auth/useCan.js";
import { toastError, toastSuccess } from "../errors/toast.js";
import { applyFieldErrors } from "../../lib/form-errors.js";
import { ColorPicker } from "../../components/ColorPicker.js";
import { useSaveTag } from "./api.js";

// The form always holds the switch's value; whether it is sent depends on who edits.
const formSchema = tagSchema.required({ kanban: true });
type FormValues = z.input<typeof formSchema>;

interface Props {
  open: boolean;
  /** The tag to edit; absent to add one. */
  tag?: TagView;
  onClose: () => void;
}

/** Tag dialog (administration section 5); the kanban switch only for admins and supervisors. */
export function TagDialog({ open, tag, onClose }: Props) {
  const { t } = useTranslation();
  const canEditKanban = useCan("tags:editKanban");
  const save = useSaveTag();
  const form = useForm<FormValues, unknown, z.output<typeof formSchema>>({
    resolver: zodResolver(formSchema),
    defaultValues: { name: "", color: "", kanban: false },
  });
  const { errors, isSubmitting } = form.formState;
  const { reset } = form;

  useEffect(() => {
    // A new tag starts with a palette colour chosen, so saving needs only a name.
    if (open) reset({ name: tag?.name ?? "", color: tag?.color ?? randomPaletteColor(), kanban: tag?.kanban ?? false });
  }, [open, tag, reset]);

  const onSubmit = form.handleSubmit(async ({ kanban, ...values }) => {
    try {
      // Others never send the flag: the server keeps it as it is.
      const input: TagInput = canEditKanban ? { ...values, kanban } : values;
      await save.mutateAsync({ id: tag?.id, input });
      toastSuccess(t("tags.saved"), { admin: true });
      onClose();
    } catch (error) {
      const code = errorCodeOf(error);
      if (code === "ERR_TAG_NAME_ALREADY_EXISTS") form.setError("name", { message: `errors.${code}` });
      else if (!applyFieldErrors(error, form.setError, ["name", "color", "kanban"])) toastError(error);
    }
  });
  const message = (m: string | undefined) => (m ? t(m) : undefined);

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" data-testid="tag-dialog">
      <form onSubmit={onSubmit} noValidate>
        <DialogTitle>{tag ? t("tags.edit") : t("tags.add")}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              label={t("tags.name")}
              {...form.register("name")}
              error={Boolean(errors.name)}
              helperText={message(errors.name?.message)}
              data-testid="tag-name"
            />
            <Controller
              control={form.control}
              name="color"
              render={({ field }) => (
                <ColorPicker
                  label={t("tags.color")}
                  value={field.value ?? ""}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={message(errors.color?.message)}
                  testId="tag-color"
                />
              )}
            />
            {canEditKanban && (
              <Controller
                control={form.control}
                name="kanban"
                render={({ field }) => (
                  <FormControlLabel
                    control={<Switch checked={field.value} onChange={(event) => field.onChange(event.target.checked)} />}
                    label={t("tags.kanban")}
                    data-testid="tag-kanban"
                  />
                )}
              />
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t("common.cancel")}</Button>
          <Button type="submit" variant="contained" disabled={isSubmitting} data-testid="tag-save">
            {t("common.save")}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

function randomPaletteColor(): string {
  return COLOR_PALETTE[Math.floor(Math.random() * COLOR_PALETTE.length)]!;
}

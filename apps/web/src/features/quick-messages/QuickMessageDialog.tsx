import { useEffect, useState } from "react";
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, TextField } from "@mui/material";
import { Controller, useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { quickMessageSchema, type QuickMessageInput, type QuickMessageView } from "@atendo/shared";
import { useCan } from "../auth/useCan.js";
import { toastError, toastSuccess } from "../errors/toast.js";
import { applyFieldErrors } from "../../lib/form-errors.js";
import { MediaAttachment } from "../../components/MediaAttachment.js";
import { useSaveQuickMessage } from "./api.js";

// The form always holds every field; the general flag is sent only by admins.
const formSchema = quickMessageSchema.required({ message: true, geral: true });
type FormValues = z.input<typeof formSchema>;

interface Props {
  open: boolean;
  /** The message to edit; absent to add one. */
  quickMessage?: QuickMessageView;
  onClose: () => void;
}

/** Quick message dialog: shortcode, message, attachment; the general selector only for admins. */
export function QuickMessageDialog({ open, quickMessage, onClose }: Props) {
  const { t } = useTranslation();
  const canSetGeneral = useCan("quick-messages:setGeneral");
  const save = useSaveQuickMessage();
  const [media, setMedia] = useState<File | "remove" | undefined>();
  const form = useForm<FormValues, unknown, z.output<typeof formSchema>>({
    resolver: zodResolver(formSchema),
    defaultValues: { shortcode: "", message: "", geral: false },
  });
  const { errors, isSubmitting } = form.formState;
  const { reset } = form;

  useEffect(() => {
    if (!open) return;
    reset({ shortcode: quickMessage?.shortcode ?? "", message: quickMessage?.message ?? "", geral: quickMessage?.geral ?? false });
    setMedia(undefined);
  }, [open, quickMessage, reset]);

  const onSubmit = form.handleSubmit(async ({ geral, ...values }) => {
    try {
      // Only admins send the flag; for others the server keeps it as it is.
      const input: QuickMessageInput = canSetGeneral ? { ...values, geral } : values;
      const hadMedia = Boolean(quickMessage?.mediaPath);
      const { mediaError } = await save.mutateAsync({ id: quickMessage?.id, input, media });
      toastSuccess(t("quickMessages.saved"), { admin: true });
      if (mediaError) toastError(mediaError);
      else if (media === "remove" && hadMedia) toastSuccess(t("quickMessages.attachmentDeleted"), { admin: true });
      onClose();
    } catch (error) {
      if (!applyFieldErrors(error, form.setError, ["shortcode", "message", "geral"])) toastError(error);
    }
  });
  const message = (m: string | undefined) => (m ? t(m) : undefined);
  const mediaName = media instanceof File ? media.name : media === "remove" ? null : (quickMessage?.mediaName ?? null);

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" data-testid="quick-message-dialog">
      <form onSubmit={onSubmit} noValidate>
        <DialogTitle>{quickMessage ? t("quickMessages.edit") : t("quickMessages.add")}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              label={t("quickMessages.shortcode")}
              {...form.register("shortcode")}
              error={Boolean(errors.shortcode)}
              helperText={message(errors.shortcode?.message)}
              data-testid="quick-message-shortcode"
            />
            <TextField
              label={t("quickMessages.message")}
              multiline
              minRows={4}
              {...form.register("message")}
              error={Boolean(errors.message)}
              helperText={message(errors.message?.message)}
              data-testid="quick-message-message"
            />
            <MediaAttachment
              name={mediaName}
              onPick={(file) => setMedia(file)}
              onRemove={() => setMedia("remove")}
              testId="quick-message-media"
            />
            {canSetGeneral && (
              <Controller
                control={form.control}
                name="geral"
                render={({ field }) => (
                  <TextField
                    select
                    label={t("quickMessages.general")}
                    value={field.value ? "enabled" : "disabled"}
                    onChange={(event) => field.onChange(event.target.value === "enabled")}
                    data-testid="quick-message-geral"
                  >
                    <MenuItem value="enabled" data-testid="quick-message-geral-option-enabled">
                      {t("quickMessages.active")}
                    </MenuItem>
                    <MenuItem value="disabled" data-testid="quick-message-geral-option-disabled">
                      {t("quickMessages.inactive")}
                    </MenuItem>
                  </TextField>
                )}
              />
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t("common.cancel")}</Button>
          <Button type="submit" variant="contained" disabled={isSubmitting} data-testid="quick-message-save">
            {t("common.save")}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

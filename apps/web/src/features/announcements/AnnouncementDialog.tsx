import { useEffect, useState } from "react";
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, TextField } from "@mui/material";
import { Controller, useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { ANNOUNCEMENT_MEDIA_ACCEPT, ANNOUNCEMENT_PRIORITIES, announcementSchema, type AnnouncementView } from "@atendo/shared";
import { toastError, toastSuccess } from "../errors/toast.js";
import { applyFieldErrors } from "../../lib/form-errors.js";
import { MediaAttachment } from "../../components/MediaAttachment.js";
import { useSaveAnnouncement } from "./api.js";
import { PRIORITY_LABEL_KEY } from "./priority.js";

type FormValues = z.input<typeof announcementSchema>;
type FormOutput = z.output<typeof announcementSchema>;

interface Props {
  open: boolean;
  /** The announcement to edit; absent to add one. */
  announcement?: AnnouncementView;
  onClose: () => void;
}

/** Announcement form (administration section 5): title, text, priority (default low), status (default active), attachment. */
export function AnnouncementDialog({ open, announcement, onClose }: Props) {
  const { t } = useTranslation();
  const save = useSaveAnnouncement();
  const [media, setMedia] = useState<File | "remove" | undefined>();
  const form = useForm<FormValues, unknown, FormOutput>({
    resolver: zodResolver(announcementSchema),
    defaultValues: { title: "", text: "", priority: 3, status: true },
  });
  const { errors, isSubmitting } = form.formState;
  const { reset } = form;

  useEffect(() => {
    if (!open) return;
    reset({
      title: announcement?.title ?? "",
      text: announcement?.text ?? "",
      priority: announcement?.priority ?? 3,
      status: announcement?.status ?? true,
    });
    setMedia(undefined);
  }, [open, announcement, reset]);

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      const { mediaError } = await save.mutateAsync({ id: announcement?.id, input, media });
      toastSuccess(t("announcements.saved"), { admin: true });
      if (mediaError) toastError(mediaError);
      onClose();
    } catch (error) {
      if (!applyFieldErrors(error, form.setError, ["title", "text", "priority", "status"])) toastError(error);
    }
  });
  const message = (m: string | undefined) => (m ? t(m) : undefined);
  const mediaName = media instanceof File ? media.name : media === "remove" ? null : (announcement?.mediaName ?? null);

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" data-testid="announcement-dialog">
      <form onSubmit={onSubmit} noValidate>
        <DialogTitle>{announcement ? t("announcements.edit") : t("announcements.add")}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              label={t("announcements.titleField")}
              {...form.register("title")}
              error={Boolean(errors.title)}
              helperText={message(errors.title?.message)}
              data-testid="announcement-title"
            />
            <TextField
              label={t("announcements.text")}
              multiline
              minRows={4}
              {...form.register("text")}
              error={Boolean(errors.text)}
              helperText={message(errors.text?.message)}
              data-testid="announcement-text"
            />
            <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
              <Controller
                control={form.control}
                name="priority"
                render={({ field }) => (
                  <TextField
                    select
                    fullWidth
                    label={t("announcements.priority")}
                    value={Number(field.value ?? 3)}
                    onChange={(event) => field.onChange(Number(event.target.value))}
                    data-testid="announcement-priority-select"
                  >
                    {ANNOUNCEMENT_PRIORITIES.map((priority) => (
                      <MenuItem key={priority} value={priority} data-testid={`announcement-priority-${priority}`}>
                        {t(PRIORITY_LABEL_KEY[priority])}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
              <Controller
                control={form.control}
                name="status"
                render={({ field }) => (
                  <TextField
                    select
                    fullWidth
                    label={t("announcements.status")}
                    value={field.value === false ? "inactive" : "active"}
                    onChange={(event) => field.onChange(event.target.value === "active")}
                    data-testid="announcement-status-select"
                  >
                    <MenuItem value="active" data-testid="announcement-status-active">
                      {t("announcements.active")}
                    </MenuItem>
                    <MenuItem value="inactive" data-testid="announcement-status-inactive">
                      {t("announcements.inactive")}
                    </MenuItem>
                  </TextField>
                )}
              />
            </Stack>
            <MediaAttachment
              name={mediaName}
              onPick={(file) => setMedia(file)}
              onRemove={() => setMedia("remove")}
              accept={ANNOUNCEMENT_MEDIA_ACCEPT}
              testId="announcement-media"
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t("common.cancel")}</Button>
          <Button type="submit" variant="contained" disabled={isSubmitting} data-testid="announcement-save">
            {t("common.save")}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

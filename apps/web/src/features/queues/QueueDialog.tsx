import { useEffect, useState } from "react";
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, Tab, Tabs, TextField } from "@mui/material";
import { Controller, useForm, type FieldErrors, type Path } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { defaultWorkingHours, queueSchema, type QueueView, type WorkingHoursEntry } from "@atendo/shared";
import { errorCodeOf } from "../auth/api-client.js";
import { toastError, toastSuccess } from "../errors/toast.js";
import { applyFieldErrors } from "../../lib/form-errors.js";
import { ColorPicker } from "../../components/ColorPicker.js";
import { MediaAttachment } from "../../components/MediaAttachment.js";
import { WorkingHoursFields, type WorkingHoursErrors } from "../working-hours/WorkingHoursFields.js";
import { scheduleFieldNames } from "../working-hours/schedule-field-names.js";
import { useQueues, useSaveQueue } from "./api.js";
import { defaultQueueColor } from "./default-queue-color.js";
import { useCan } from "../auth/useCan.js";
import { usePromptOptions, useQueueIntegrationOptions } from "../queue-integrations/api.js";

type DialogTab = "data" | "schedules";

// The dialog always sends every field it shows (the order as typed text; empty means none).
const formSchema = queueSchema.required({ greetingMessage: true, outOfHoursMessage: true, complationMessage: true, ratingMessage: true, orderQueue: true, schedules: true });
type FormValues = z.input<typeof formSchema>;

const FIELDS = ["name", "color", "orderQueue", "greetingMessage", "outOfHoursMessage", "complationMessage", "ratingMessage", "integrationId", "promptId", ...scheduleFieldNames<FormValues>()] as Path<FormValues>[];

// A new queue starts with a free palette colour chosen (issue 17).
const valuesOf = (queue?: QueueView, usedColors: readonly string[] = []): FormValues => ({
  name: queue?.name ?? "",
  color: queue?.color ?? defaultQueueColor(usedColors),
  orderQueue: queue?.orderQueue === null || queue?.orderQueue === undefined ? "" : String(queue.orderQueue),
  greetingMessage: queue?.greetingMessage ?? "",
  outOfHoursMessage: queue?.outOfHoursMessage ?? "",
  complationMessage: queue?.complationMessage ?? "",
  ratingMessage: queue?.ratingMessage ?? "",
  schedules: queue?.schedules ?? defaultWorkingHours(),
  // "" is none: the select's empty option.
  integrationId: queue?.integrationId ?? "",
  promptId: queue?.promptId ?? "",
});

interface Props {
  open: boolean;
  /** The queue to edit; absent to add one. */
  queue?: QueueView;
  onClose: () => void;
}

/** Queue dialog (core-service section 5): a data tab and a working-hours tab. */
export function QueueDialog({ open, queue, onClose }: Props) {
  const { t } = useTranslation();
  const save = useSaveQueue();
  const [tab, setTab] = useState<DialogTab>("data");
  // A newly chosen file, or "remove" for the stored one; sent after the queue is saved.
  const [media, setMedia] = useState<File | "remove" | undefined>();
  const form = useForm<FormValues, unknown, z.output<typeof formSchema>>({
    resolver: zodResolver(formSchema),
    defaultValues: valuesOf(queue),
  });
  const { errors, isSubmitting } = form.formState;
  const { reset } = form;
  // The queue's bot: an integration (useIntegrations) or an AI prompt (useOpenAi); each list only when the plan has it.
  const canIntegrations = useCan("integrations:use");
  const canPrompts = useCan("prompts:use");
  const integrations = useQueueIntegrationOptions(open && canIntegrations);
  const prompts = usePromptOptions(open && canPrompts);

  const usedColors = useQueues().data?.map((q) => q.color);

  useEffect(() => {
    if (!open) return;
    reset(valuesOf(queue, usedColors));
    setTab("data");
    setMedia(undefined);
    // usedColors only seeds a new queue's colour; a list refresh must not reset what the user typed.
  }, [open, queue, reset]);

  // Show the tab holding the first problem.
  const onInvalid = (invalid: FieldErrors<FormValues>) => setTab(invalid.schedules && Object.keys(invalid).length === 1 ? "schedules" : "data");

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const { mediaError } = await save.mutateAsync({ id: queue?.id, input: values, media });
      toastSuccess(t("queues.saved"), { admin: true });
      if (mediaError) toastError(mediaError);
      onClose();
    } catch (error) {
      const code = errorCodeOf(error);
      const taken = code === "ERR_QUEUE_NAME_ALREADY_EXISTS" ? "name" : code === "ERR_QUEUE_COLOR_ALREADY_EXISTS" ? "color" : null;
      if (taken) {
        form.setError(taken, { message: `errors.${code}` });
        setTab("data");
      } else if (applyFieldErrors(error, form.setError, FIELDS)) onInvalid(form.formState.errors);
      else toastError(error);
    }
  }, onInvalid);

  const message = (m: string | undefined) => (m ? t(m) : undefined);
  const mediaName = media instanceof File ? media.name : media === "remove" ? null : (queue?.mediaName ?? null);

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md" data-testid="queue-dialog">
      <form onSubmit={onSubmit} noValidate>
        <DialogTitle>{queue ? t("queues.edit") : t("queues.add")}</DialogTitle>
        <Tabs value={tab} onChange={(_event, value: DialogTab) => setTab(value)} sx={{ px: 3 }}>
          <Tab value="data" label={t("queues.tabs.data")} data-testid="queue-tab-data" />
          <Tab value="schedules" label={t("queues.tabs.schedules")} data-testid="queue-tab-schedules" />
        </Tabs>
        <DialogContent dividers>
          {/* Both tabs stay mounted so the whole form validates whichever is showing. */}
          <Stack spacing={2} sx={{ display: tab === "data" ? "flex" : "none", pt: 1 }}>
            <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", sm: "2fr 1fr 1fr" }, gap: 2 }}>
              <TextField
                label={t("queues.name")}
                {...form.register("name")}
                error={Boolean(errors.name)}
                helperText={message(errors.name?.message)}
                data-testid="queue-name"
              />
              <Controller
                control={form.control}
                name="color"
                render={({ field }) => (
                  <ColorPicker
                    label={t("queues.color")}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    error={message(errors.color?.message)}
                    testId="queue-color"
                  />
                )}
              />
              <TextField
                label={t("queues.order")}
                {...form.register("orderQueue")}
                error={Boolean(errors.orderQueue)}
                helperText={message(errors.orderQueue?.message)}
                slotProps={{ htmlInput: { inputMode: "numeric" } }}
                data-testid="queue-order"
              />
            </Box>
            <TextField
              label={t("queues.greetingMessage")}
              multiline
              minRows={3}
              {...form.register("greetingMessage")}
              error={Boolean(errors.greetingMessage)}
              helperText={message(errors.greetingMessage?.message)}
              data-testid="queue-greeting"
            />
            <TextField
              label={t("queues.outOfHoursMessage")}
              multiline
              minRows={3}
              {...form.register("outOfHoursMessage")}
              error={Boolean(errors.outOfHoursMessage)}
              helperText={message(errors.outOfHoursMessage?.message)}
              data-testid="queue-out-of-hours"
            />
            <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" }, gap: 2 }}>
              <TextField
                label={t("queues.complationMessage")}
                multiline
                minRows={2}
                {...form.register("complationMessage")}
                error={Boolean(errors.complationMessage)}
                helperText={message(errors.complationMessage?.message) ?? t("queues.connectionDefault")}
                data-testid="queue-complation"
              />
              <TextField
                label={t("queues.ratingMessage")}
                multiline
                minRows={2}
                {...form.register("ratingMessage")}
                error={Boolean(errors.ratingMessage)}
                helperText={message(errors.ratingMessage?.message) ?? t("queues.connectionDefault")}
                data-testid="queue-rating"
              />
            </Box>
            <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" }, gap: 2 }}>
              <Controller
                control={form.control}
                name="integrationId"
                render={({ field }) => (
                  <TextField
                    select
                    label={t("queues.integration")}
                    value={field.value ?? ""}
                    onChange={(event) => field.onChange(event.target.value === "" ? "" : Number(event.target.value))}
                    onBlur={field.onBlur}
                    disabled={!canIntegrations && !queue?.integrationId}
                    error={Boolean(errors.integrationId)}
                    helperText={message(errors.integrationId?.message)}
                    data-testid="queue-integration"
                  >
                    <MenuItem value="">{t("queues.none")}</MenuItem>
                    {(integrations.data ?? []).map((item) => (
                      <MenuItem key={item.id} value={item.id} data-testid={`queue-integration-option-${item.id}`}>
                        {item.name}
                      </MenuItem>
                    ))}
                    {/* The stored one stays selectable even when the list cannot be read. */}
                    {queue?.integrationId && !(integrations.data ?? []).some((item) => item.id === queue.integrationId) && (
                      <MenuItem value={queue.integrationId}>#{queue.integrationId}</MenuItem>
                    )}
                  </TextField>
                )}
              />
              <Controller
                control={form.control}
                name="promptId"
                render={({ field }) => (
                  <TextField
                    select
                    label={t("queues.prompt")}
                    value={field.value ?? ""}
                    onChange={(event) => field.onChange(event.target.value === "" ? "" : Number(event.target.value))}
                    onBlur={field.onBlur}
                    disabled={!canPrompts && !queue?.promptId}
                    error={Boolean(errors.promptId)}
                    helperText={message(errors.promptId?.message)}
                    data-testid="queue-prompt"
                  >
                    <MenuItem value="">{t("queues.none")}</MenuItem>
                    {(prompts.data ?? []).map((item) => (
                      <MenuItem key={item.id} value={item.id} data-testid={`queue-prompt-option-${item.id}`}>
                        {item.name}
                      </MenuItem>
                    ))}
                    {queue?.promptId && !(prompts.data ?? []).some((item) => item.id === queue.promptId) && <MenuItem value={queue.promptId}>#{queue.promptId}</MenuItem>}
                  </TextField>
                )}
              />
            </Box>
            <MediaAttachment
              name={mediaName}
              onPick={(file) => setMedia(file)}
              onRemove={() => setMedia("remove")}
              testId="queue-media"
            />
          </Stack>
          <Box sx={{ display: tab === "schedules" ? "block" : "none", pt: 1 }}>
            <Controller
              control={form.control}
              name="schedules"
              render={({ field }) => (
                <WorkingHoursFields
                  value={field.value as WorkingHoursEntry[]}
                  onChange={field.onChange}
                  errors={errors.schedules as WorkingHoursErrors}
                />
              )}
            />
          </Box>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t("common.cancel")}</Button>
          <Button type="submit" variant="contained" disabled={isSubmitting} data-testid="queue-save">
            {t("common.save")}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

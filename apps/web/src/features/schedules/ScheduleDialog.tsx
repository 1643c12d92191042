import { useEffect, useState } from "react";
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from "@mui/material";
import { useTranslation } from "react-i18next";
import {
  formatNumber,
  SCHEDULE_DEFAULT_DELAY_MINUTES,
  SCHEDULE_MEDIA_ACCEPT,
  scheduleSchema,
  SEARCH_DEBOUNCE_MS,
  SEARCH_MIN_CHARS,
  type ContactOption,
  type ScheduleView,
} from "@atendo/shared";
import { useDebouncedValue } from "../../hooks/useDebouncedValue.js";
import { MediaAttachment } from "../../components/MediaAttachment.js";
import { useConnections } from "../connections/api.js";
import { useContactOptions } from "../tickets/api.js";
import { toastError, toastSuccess } from "../errors/toast.js";
import { errorCodeOf } from "../auth/api-client.js";
import { useSaveSchedule } from "./api.js";
import { NO_TEMPLATE, TemplateChoiceFields, type TemplateChoice } from "../campaigns/TemplateChoiceFields.js";
import { STATUS_COLOR, STATUS_LABEL_KEY, toLocalInput } from "./schedule-status.js";

type Field = "body" | "contactId" | "sendAt" | "templateName" | "templateLanguage" | "templateVariables";
/** Written out here, not in the translations: i18next would read the double braces as its own placeholders. */
const SCHEDULE_VARIABLES = "{nome}, {numero}, {email}, {{firstName}}, {{greeting}}, {{protocol}}, {{hora}}";
const DEFAULT_CONNECTION = "";

interface Props {
  open: boolean;
  /** The schedule to edit (read-only once sent); absent to add one. */
  schedule?: ScheduleView;
  /** A new schedule's contact, chosen beforehand (the contact drawer, `/schedules?contactId=`). */
  contact?: ContactOption | null;
  onClose: () => void;
  onSaved?: (schedule: ScheduleView) => void;
}

const defaultSendAt = () => toLocalInput(new Date(Date.now() + SCHEDULE_DEFAULT_DELAY_MINUTES * 60_000));

/**
 * Schedule dialog (administration sections 2, 4 and 5): contact (search from 3 characters), connection (the company's
 * default when none), message (at least 5 characters; {nome}, {numero}, {email} and {{firstName}}-style variables),
 * an image (png, jpg, jpeg) and the send time, one hour ahead by default. A sent schedule opens read-only; the title
 * shows the status (or the error status with its reason).
 */
export function ScheduleDialog({ open, schedule, contact: preset = null, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const save = useSaveSchedule();
  const connections = useConnections(open);
  const [contact, setContact] = useState<ContactOption | null>(preset);
  const [input, setInput] = useState("");
  const [body, setBody] = useState("");
  const [sendAt, setSendAt] = useState(defaultSendAt);
  const [whatsappId, setWhatsappId] = useState<number | "">(DEFAULT_CONNECTION);
  const [media, setMedia] = useState<File | "remove" | undefined>();
  const [template, setTemplate] = useState<TemplateChoice>(NO_TEMPLATE);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const readOnly = schedule !== undefined && !schedule.editable;
  // The connection it goes through: the chosen one, else the company's default. A Cloud API one offers a template.
  const connection = (connections.data ?? []).find((c) => (whatsappId === DEFAULT_CONNECTION ? c.isDefault : c.id === whatsappId));
  const cloud = connection?.provider === "cloudapi";

  const term = useDebouncedValue(input.trim(), SEARCH_DEBOUNCE_MS);
  const options = useContactOptions(term, open && !readOnly && term.length >= SEARCH_MIN_CHARS);

  useEffect(() => {
    if (!open) return;
    setContact(schedule?.contact ? { ...schedule.contact, email: "" } : preset);
    setInput("");
    setBody(schedule?.body ?? "");
    setSendAt(schedule ? toLocalInput(new Date(schedule.sendAt)) : defaultSendAt());
    setWhatsappId(schedule?.whatsappId ?? DEFAULT_CONNECTION);
    setMedia(undefined);
    setTemplate(
      schedule?.templateName
        ? { templateName: schedule.templateName, templateLanguage: schedule.templateLanguage ?? "", templateVariables: schedule.templateVariables }
        : NO_TEMPLATE,
    );
    setErrors({});
  }, [open, schedule, preset]);

  const submit = async () => {
    const sendAtDate = sendAt ? new Date(sendAt) : null;
    const payload = {
      body,
      contactId: contact?.id,
      sendAt: sendAtDate && !Number.isNaN(sendAtDate.getTime()) ? sendAtDate.toISOString() : sendAt,
      whatsappId: whatsappId === DEFAULT_CONNECTION ? null : whatsappId,
      // Only for a Cloud API connection, so one picked before switching connections is not kept.
      templateName: cloud && template.templateName ? template.templateName : null,
      templateLanguage: cloud && template.templateName ? template.templateLanguage : null,
      templateVariables: cloud && template.templateName ? template.templateVariables : [],
    };
    const parsed = scheduleSchema.safeParse(payload);
    if (!parsed.success) {
      const next: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        next[field] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    try {
      const input = {
        body: parsed.data.body,
        contactId: parsed.data.contactId,
        sendAt: parsed.data.sendAt.toISOString(),
        whatsappId: parsed.data.whatsappId ?? null,
        // Absent means none (the server clears a template chosen before).
        ...(parsed.data.templateName
          ? { templateName: parsed.data.templateName, templateLanguage: parsed.data.templateLanguage, templateVariables: parsed.data.templateVariables }
          : {}),
      };
      const { schedule: saved, mediaError } = await save.mutateAsync({ id: schedule?.id, input, media });
      toastSuccess(t("schedules.saved"));
      if (mediaError) toastError(mediaError);
      onClose();
      onSaved?.(saved);
    } catch (error) {
      if (errorCodeOf(error) === "ERR_NO_CONTACT_FOUND") setErrors({ contactId: "errors.ERR_NO_CONTACT_FOUND" });
      else if (errorCodeOf(error) === "ERR_TEMPLATE_NOT_FOUND") setErrors({ templateName: "errors.ERR_TEMPLATE_NOT_FOUND" });
      else toastError(error);
    }
  };

  const mediaName = media instanceof File ? media.name : media === "remove" ? null : (schedule?.mediaName ?? null);
  const title = schedule ? (readOnly ? t("schedules.view") : t("schedules.edit")) : t("schedules.add");

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" data-testid="schedule-dialog">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!readOnly) void submit();
        }}
      >
        <DialogTitle sx={{ display: "flex", alignItems: "center", gap: 1 }}>
          <Box component="span" sx={{ flex: 1 }}>
            {title}
          </Box>
          {schedule && <Chip size="small" color={STATUS_COLOR[schedule.status]} label={t(STATUS_LABEL_KEY[schedule.status])} data-testid="schedule-dialog-status" />}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {schedule?.error && (
              <Alert severity="error" data-testid="schedule-dialog-error">
                {t(`errors.${schedule.error}`, { defaultValue: schedule.error })}
              </Alert>
            )}
            {readOnly && (
              <Alert severity="info" data-testid="schedule-dialog-readonly">
                {t("schedules.readOnly", { sentAt: new Date(schedule.sentAt ?? schedule.sendAt).toLocaleString() })}
              </Alert>
            )}
            <Autocomplete
              options={options.data ?? []}
              value={contact}
              inputValue={input}
              onInputChange={(_, value) => setInput(value)}
              onChange={(_, value) => setContact(value)}
              filterOptions={(all) => all}
              isOptionEqualToValue={(a, b) => a.id === b.id}
              getOptionLabel={(option) => option.name}
              loading={options.isFetching}
              disabled={readOnly}
              noOptionsText={term.length < SEARCH_MIN_CHARS ? t("schedules.searchHint", { count: SEARCH_MIN_CHARS }) : t("schedules.noContacts")}
              renderOption={({ key, ...props }, option) => (
                <Box component="li" key={key} {...props} data-testid={`schedule-contact-option-${option.id}`}>
                  <Box sx={{ flex: 1, minWidth: 0 }}>
                    <Typography variant="body2">{option.name}</Typography>
                    <Typography variant="caption" sx={{ color: "text.secondary" }}>
                      {option.number ? formatNumber(option.number) : "—"}
                    </Typography>
                  </Box>
                </Box>
              )}
              renderInput={(params) => (
                <TextField
                  {...params}
                  label={t("schedules.contact")}
                  error={Boolean(errors.contactId)}
                  helperText={errors.contactId ? t(errors.contactId) : undefined}
                />
              )}
              data-testid="schedule-contact"
            />
            <TextField
              select
              label={t("schedules.connection")}
              value={whatsappId}
              disabled={readOnly}
              onChange={(event) => setWhatsappId(event.target.value === DEFAULT_CONNECTION ? DEFAULT_CONNECTION : Number(event.target.value))}
              slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
              data-testid="schedule-connection"
            >
              <MenuItem value={DEFAULT_CONNECTION} data-testid="schedule-connection-default">
                {t("schedules.defaultConnection")}
              </MenuItem>
              {(connections.data ?? []).map((connection) => (
                <MenuItem key={connection.id} value={connection.id} data-testid={`schedule-connection-${connection.id}`}>
                  {connection.name}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              label={t("schedules.message")}
              multiline
              minRows={4}
              value={body}
              disabled={readOnly}
              onChange={(event) => setBody(event.target.value)}
              error={Boolean(errors.body)}
              helperText={errors.body ? t(errors.body) : `${t("schedules.variables")}: ${SCHEDULE_VARIABLES}`}
              slotProps={{ htmlInput: { "data-testid": "schedule-body" } }}
            />
            {cloud && connection && (
              <TemplateChoiceFields
                whatsappId={connection.id}
                value={template}
                onChange={setTemplate}
                tokens={["{nome}", "{numero}", "{email}"]}
                disabled={readOnly}
                error={errors.templateName ?? errors.templateVariables ?? errors.templateLanguage}
                hint="schedules.templateHint"
                testId="schedule-template"
              />
            )}
            <TextField
              type="datetime-local"
              label={t("schedules.sendAt")}
              value={sendAt}
              disabled={readOnly}
              onChange={(event) => setSendAt(event.target.value)}
              error={Boolean(errors.sendAt)}
              helperText={errors.sendAt ? t(errors.sendAt) : undefined}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { "data-testid": "schedule-send-at", step: 1 } }}
            />
            <MediaAttachment
              name={mediaName}
              onPick={(file) => setMedia(file)}
              onRemove={() => setMedia("remove")}
              accept={SCHEDULE_MEDIA_ACCEPT}
              disabled={readOnly}
              testId="schedule-media"
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} data-testid="schedule-cancel">
            {readOnly ? t("common.close") : t("common.cancel")}
          </Button>
          {!readOnly && (
            <Button type="submit" variant="contained" disabled={save.isPending} data-testid="schedule-save">
              {t("common.save")}
            </Button>
          )}
        </DialogActions>
      </form>
    </Dialog>
  );
}

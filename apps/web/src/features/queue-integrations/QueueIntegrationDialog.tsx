import { useEffect, useMemo, useState } from "react";
import { Alert, Button, Checkbox, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, MenuItem, Stack, TextField, Typography } from "@mui/material";
import { Controller, useForm, type Resolver } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslation } from "react-i18next";
import {
  QUEUE_INTEGRATION_LANGUAGES,
  QUEUE_INTEGRATION_TYPES,
  TYPEBOT_DEFAULT_DELAY_MESSAGE,
  TYPEBOT_DEFAULT_EXPIRES,
  queueIntegrationSchema,
  type QueueIntegrationInput,
  type QueueIntegrationType,
  type QueueIntegrationView,
} from "@atendo/shared";
import { toastError, toastErrorText, toastSuccess } from "../errors/toast.js";
import { applyFieldErrors } from "../../lib/form-errors.js";
import { useSaveQueueIntegration, useTestQueueIntegration } from "./api.js";
import { IntegrationTypeIcon } from "./IntegrationTypeIcon.js";

interface FormValues {
  type: QueueIntegrationType | "";
  name: string;
  projectName: string;
  language: string;
  jsonContent: string;
  urlN8N: string;
  urlflowise: string;
  urldify: string;
  apidify: string;
  openaiid: string;
  openaikey: string;
  typebotSlug: string;
  typebotExpires: string;
  typebotDelayMessage: string;
  typebotKeywordFinish: string;
  typebotKeywordRestart: string;
  typebotUnknownMessage: string;
  typebotRestartMessage: string;
  rotateSecret: boolean;
}
type Field = Exclude<keyof FormValues, "type" | "rotateSecret">;
const FIELDS = ["type", "name", "projectName", "language", "jsonContent", "urlN8N", "urlflowise", "urldify", "apidify", "openaiid", "openaikey", "typebotSlug", "typebotExpires", "typebotDelayMessage", "typebotKeywordFinish", "typebotKeywordRestart", "typebotUnknownMessage", "typebotRestartMessage"] as const;

/** The fields each type shows (administration section 3), in order. */
const FIELDS_OF: Record<QueueIntegrationType, Field[]> = {
  dialogflow: ["name", "projectName", "language", "jsonContent"],
  n8n: ["name", "urlN8N"],
  webhook: ["name", "urlN8N"],
  flowise: ["name", "urlflowise"],
  dify: ["name", "urldify", "apidify"],
  openaiassist: ["name", "openaiid", "openaikey"],
  typebot: ["name", "urlN8N", "typebotSlug", "typebotExpires", "typebotDelayMessage", "typebotKeywordFinish", "typebotKeywordRestart", "typebotUnknownMessage", "typebotRestartMessage"],
};
const SECRET_FIELDS: Field[] = ["jsonContent", "apidify", "openaikey"];
const MULTILINE: Field[] = ["jsonContent", "typebotUnknownMessage", "typebotRestartMessage"];

function defaultsOf(item?: QueueIntegrationView): FormValues {
  return {
    type: item?.type ?? "",
    name: item?.name ?? "",
    projectName: item?.projectName ?? "",
    language: item?.language || "pt-BR",
    // Secrets start as their masked form: sent back unchanged, the server keeps the stored value.
    jsonContent: item?.jsonContent ?? "",
    urlN8N: item?.urlN8N ?? "",
    urlflowise: item?.urlflowise ?? "",
    urldify: item?.urldify ?? "",
    apidify: item?.apidify ?? "",
    openaiid: item?.openaiid ?? "",
    openaikey: item?.openaikey ?? "",
    typebotSlug: item?.typebotSlug ?? "",
    typebotExpires: String(item?.typebotExpires ?? TYPEBOT_DEFAULT_EXPIRES),
    typebotDelayMessage: String(item?.typebotDelayMessage ?? TYPEBOT_DEFAULT_DELAY_MESSAGE),
    typebotKeywordFinish: item?.typebotKeywordFinish ?? "",
    typebotKeywordRestart: item?.typebotKeywordRestart ?? "",
    typebotUnknownMessage: item?.typebotUnknownMessage ?? "",
    typebotRestartMessage: item?.typebotRestartMessage ?? "",
    rotateSecret: false,
  };
}

/** Only the chosen type's fields travel. */
function payloadOf(values: FormValues): QueueIntegrationInput {
  const type = values.type as QueueIntegrationType;
  const body: Record<string, unknown> = { type };
  for (const field of FIELDS_OF[type]) body[field] = values[field];
  if ((type === "webhook" || type === "n8n") && values.rotateSecret) body.rotateSecret = true;
  return body as QueueIntegrationInput;
}

interface Props {
  open: boolean;
  integration?: QueueIntegrationView;
  onClose: () => void;
}

/**
 * Add or edit a queue integration (administration sections 2, 3 and 5): the type's own fields, validated by the
 * shared schema; secrets are write-only (shown masked). webhook and n8n get a signing secret shown once after saving.
 * "Test" calls POST /queueIntegration/testSession with what the form holds.
 */
export function QueueIntegrationDialog({ open, integration, onClose }: Props) {
  const { t } = useTranslation();
  const save = useSaveQueueIntegration();
  const test = useTestQueueIntegration();
  const [newSecret, setNewSecret] = useState<string | null>(null);
  const resolver = useMemo(() => zodResolver(queueIntegrationSchema) as unknown as Resolver<FormValues>, []);
  const form = useForm<FormValues>({ resolver, defaultValues: defaultsOf(integration) });
  const { errors, isSubmitting } = form.formState;
  const { reset } = form;
  const type = form.watch("type");

  useEffect(() => {
    if (!open) return;
    reset(defaultsOf(integration));
    setNewSecret(null);
  }, [open, integration, reset]);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync({ id: integration?.id, input: payloadOf(values) });
      toastSuccess(integration ? t("queueIntegrations.updated") : t("queueIntegrations.added"));
      if (saved.newWebhookSecret) setNewSecret(saved.newWebhookSecret);
      else onClose();
    } catch (error) {
      if (!applyFieldErrors(error, form.setError, FIELDS)) toastError(error);
    }
  });

  const onTest = async () => {
    const values = form.getValues();
    if (!values.type) return form.trigger("type");
    try {
      const result = await test.mutateAsync({ ...payloadOf(values), ...(integration ? { id: integration.id } : {}) } as never);
      if (result.ok) toastSuccess(t("queueIntegrations.testOk"));
      else toastErrorText(t("queueIntegrations.testFailed", { details: result.details ?? "" }));
    } catch (error) {
      toastError(error);
    }
  };

  const message = (m: string | undefined) => (m ? t(m) : undefined);
  const shown = type ? FIELDS_OF[type] : [];

  if (newSecret) {
    return (
      <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" data-testid="queue-integration-secret-dialog">
        <DialogTitle>{t("queueIntegrations.secretTitle")}</DialogTitle>
        <DialogContent>
          <Alert severity="warning" sx={{ mb: 2 }}>
            {t("queueIntegrations.secretOnce")}
          </Alert>
          <TextField value={newSecret} fullWidth slotProps={{ htmlInput: { readOnly: true } }} data-testid="queue-integration-secret" />
          <Typography variant="body2" sx={{ mt: 2 }}>
            {t("queueIntegrations.secretHelp")}
          </Typography>
        </DialogContent>
        <DialogActions>
          <Button variant="contained" onClick={onClose} data-testid="queue-integration-secret-close">
            {t("common.close")}
          </Button>
        </DialogActions>
      </Dialog>
    );
  }

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" data-testid="queue-integration-dialog">
      <form onSubmit={onSubmit} noValidate>
        <DialogTitle>{integration ? t("queueIntegrations.edit") : t("queueIntegrations.add")}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Controller
              control={form.control}
              name="type"
              render={({ field }) => (
                <TextField
                  select
                  label={t("queueIntegrations.fields.type")}
                  value={field.value}
                  onChange={(event) => field.onChange(event.target.value)}
                  onBlur={field.onBlur}
                  error={Boolean(errors.type)}
                  helperText={message(errors.type?.message)}
                  data-testid="queue-integration-type"
                >
                  {QUEUE_INTEGRATION_TYPES.map((option) => (
                    <MenuItem key={option} value={option} data-testid={`queue-integration-type-${option}`}>
                      <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
                        <IntegrationTypeIcon type={option} />
                        <span>{t(`queueIntegrations.types.${option}`)}</span>
                      </Stack>
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            {shown.map((name) =>
              name === "language" ? (
                <Controller
                  key={name}
                  control={form.control}
                  name="language"
                  render={({ field }) => (
                    <TextField select label={t("queueIntegrations.fields.language")} {...field} data-testid="queue-integration-language">
                      {QUEUE_INTEGRATION_LANGUAGES.map((lang) => (
                        <MenuItem key={lang} value={lang}>
                          {lang}
                        </MenuItem>
                      ))}
                    </TextField>
                  )}
                />
              ) : (
                <TextField
                  key={name}
                  label={t(`queueIntegrations.fields.${name}`)}
                  {...form.register(name)}
                  type={name === "typebotExpires" || name === "typebotDelayMessage" ? "number" : "text"}
                  multiline={MULTILINE.includes(name)}
                  minRows={MULTILINE.includes(name) ? 2 : undefined}
                  autoComplete={SECRET_FIELDS.includes(name) ? "off" : undefined}
                  error={Boolean(errors[name])}
                  helperText={message(errors[name]?.message) ?? (SECRET_FIELDS.includes(name) && integration ? t("queueIntegrations.secretKept") : undefined)}
                  data-testid={`queue-integration-${name}`}
                />
              ),
            )}
            {(type === "webhook" || type === "n8n") && (
              <>
                <Typography variant="body2" color="text.secondary">
                  {integration?.hasWebhookSecret ? t("queueIntegrations.secretMasked", { secret: integration.webhookSecret }) : t("queueIntegrations.secretAfterSave")}
                </Typography>
                {integration?.hasWebhookSecret && (
                  <FormControlLabel control={<Checkbox {...form.register("rotateSecret")} />} label={t("queueIntegrations.rotateSecret")} data-testid="queue-integration-rotate" />
                )}
              </>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onTest} disabled={!type || test.isPending} data-testid="queue-integration-test">
            {t("queueIntegrations.test")}
          </Button>
          <Button onClick={onClose}>{t("common.cancel")}</Button>
          <Button type="submit" variant="contained" disabled={isSubmitting} data-testid="queue-integration-save">
            {integration ? t("common.save") : t("queueIntegrations.addButton")}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

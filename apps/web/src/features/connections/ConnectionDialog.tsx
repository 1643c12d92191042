import { useEffect } from "react";
import {
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  MenuItem,
  Stack,
  Switch,
  TextField,
  Typography,
} from "@mui/material";
import { Controller, useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { V, WHATSAPP_DEFAULTS, WHATSAPP_MESSAGE_MAX, WHATSAPP_NAME_MAX, WHATSAPP_NAME_MIN } from "@atendo/shared";
import { applyFieldErrors } from "../../lib/form-errors.js";
import { toastError, toastSuccess } from "../errors/toast.js";
import { useConnectionProviders, useCreateConnection, useUpdateConnection } from "./api.js";
import { ApiTokenBox } from "../public-api/ApiTokenBox.js";
import { CONNECTION_PROVIDERS, type Connection, type ConnectionInput, type ConnectionProvider, type ConnectionQueue } from "./types.js";

const NAME_MIN = WHATSAPP_NAME_MIN;
const NAME_MAX = WHATSAPP_NAME_MAX;
const MESSAGE_MAX = WHATSAPP_MESSAGE_MAX;

const count = z.string().trim().regex(/^\d{1,6}$/, V.invalid);
const optionalCount = z.string().trim().regex(/^\d{0,6}$/, V.invalid);
const message = z.string().max(MESSAGE_MAX, V.tooLong);

// The spec does not show the dialog's schema (section 5); the greeting rule of the card applies here too.
const formSchema = z
  .object({
    name: z.string().trim().min(1, V.required).min(NAME_MIN, V.tooShort).max(NAME_MAX, V.tooLong),
    provider: z.enum(CONNECTION_PROVIDERS),
    isDefault: z.boolean(),
    queueIds: z.array(z.number()),
    transferQueueId: z.union([z.literal(""), z.number()]),
    greetingMessage: message,
    complationMessage: message,
    outOfHoursMessage: message,
    ratingMessage: message,
    expiresInactiveMessage: message,
    expiresTicket: count,
    timeUseBotQueues: count,
    maxUseBotQueues: count,
    timeToTransfer: optionalCount,
    timeforagroup: count,
    // The outbox's pace (messages/s, fractions allowed); empty: the server's default for the provider.
    sendRatePerSecond: z
      .string()
      .trim()
      .regex(/^(\d{1,4}([.,]\d{1,2})?)?$/, V.invalid)
      .refine((v) => v === "" || Number(v.replace(",", ".")) >= 0.1, V.invalid),
    // Cloud API: Meta's ids (digits) and two write-only secrets (empty keeps what is stored).
    cloudPhoneNumberId: z.string().trim().regex(/^\d{0,30}$/, V.invalid),
    cloudBusinessAccountId: z.string().trim().regex(/^\d{0,30}$/, V.invalid),
    cloudAccessToken: z.string().trim().max(1_000, V.tooLong),
    cloudAppSecret: z.string().trim().max(200, V.tooLong),
    /** Whether the stored connection already has each secret (not sent). */
    hasCloudAccessToken: z.boolean(),
    hasCloudAppSecret: z.boolean(),
  })
  .superRefine((values, ctx) => {
    if (values.provider === "cloudapi") {
      for (const key of ["cloudPhoneNumberId", "cloudBusinessAccountId"] as const) {
        if (!values[key].trim()) ctx.addIssue({ code: "custom", path: [key], message: V.required });
      }
      if (!values.cloudAccessToken.trim() && !values.hasCloudAccessToken) ctx.addIssue({ code: "custom", path: ["cloudAccessToken"], message: V.required });
      if (!values.cloudAppSecret.trim() && !values.hasCloudAppSecret) ctx.addIssue({ code: "custom", path: ["cloudAppSecret"], message: V.required });
    }
    if (values.queueIds.length > 1 && !values.greetingMessage.trim()) {
      ctx.addIssue({ code: "custom", path: ["greetingMessage"], message: "connections.greetingRequired" });
    }
  });
type FormValues = z.input<typeof formSchema>;

const FIELDS = [
  "name",
  "provider",
  "isDefault",
  "queueIds",
  "transferQueueId",
  "greetingMessage",
  "complationMessage",
  "outOfHoursMessage",
  "ratingMessage",
  "expiresInactiveMessage",
  "expiresTicket",
  "timeUseBotQueues",
  "maxUseBotQueues",
  "timeToTransfer",
  "timeforagroup",
  "sendRatePerSecond",
  "cloudPhoneNumberId",
  "cloudBusinessAccountId",
  "cloudAccessToken",
  "cloudAppSecret",
] as const;

const CLOUD_FIELDS = ["cloudPhoneNumberId", "cloudBusinessAccountId", "cloudAccessToken", "cloudAppSecret"] as const;

function initialValues(connection?: Connection, provider: ConnectionProvider = "beta"): FormValues {
  if (!connection) {
    return {
      name: "",
      provider,
      isDefault: false,
      queueIds: [],
      transferQueueId: "",
      greetingMessage: "",
      complationMessage: "",
      outOfHoursMessage: "",
      ratingMessage: "",
      expiresInactiveMessage: "",
      expiresTicket: String(WHATSAPP_DEFAULTS.expiresTicket),
      timeUseBotQueues: String(WHATSAPP_DEFAULTS.timeUseBotQueues),
      maxUseBotQueues: String(WHATSAPP_DEFAULTS.maxUseBotQueues),
      timeToTransfer: "",
      timeforagroup: String(WHATSAPP_DEFAULTS.timeforagroup),
      sendRatePerSecond: "",
      cloudPhoneNumberId: "",
      cloudBusinessAccountId: "",
      cloudAccessToken: "",
      cloudAppSecret: "",
      hasCloudAccessToken: false,
      hasCloudAppSecret: false,
    };
  }
  return {
    name: connection.name,
    provider: connection.provider,
    isDefault: connection.isDefault,
    queueIds: connection.queues.map((q) => q.id),
    transferQueueId: connection.transferQueueId ?? "",
    greetingMessage: connection.greetingMessage ?? "",
    complationMessage: connection.complationMessage ?? "",
    outOfHoursMessage: connection.outOfHoursMessage ?? "",
    ratingMessage: connection.ratingMessage ?? "",
    expiresInactiveMessage: connection.expiresInactiveMessage ?? "",
    expiresTicket: String(connection.expiresTicket ?? 0),
    timeUseBotQueues: String(connection.timeUseBotQueues ?? 0),
    maxUseBotQueues: String(connection.maxUseBotQueues ?? 0),
    timeToTransfer: connection.timeToTransfer === null || connection.timeToTransfer === undefined ? "" : String(connection.timeToTransfer),
    timeforagroup: String(connection.timeforagroup ?? 0),
    sendRatePerSecond: connection.sendRatePerSecond === null || connection.sendRatePerSecond === undefined ? "" : String(connection.sendRatePerSecond),
    cloudPhoneNumberId: connection.cloudPhoneNumberId ?? "",
    cloudBusinessAccountId: connection.cloudBusinessAccountId ?? "",
    cloudAccessToken: "",
    cloudAppSecret: "",
    hasCloudAccessToken: connection.hasCloudAccessToken ?? false,
    hasCloudAppSecret: connection.hasCloudAppSecret ?? false,
  };
}

/** The values as the API takes them; with one queue or none the greeting is cleared (section 5). */
export function connectionInputOf(values: FormValues, editing: boolean): ConnectionInput {
  const input: ConnectionInput = {
    name: values.name.trim(),
    isDefault: values.isDefault,
    queueIds: values.queueIds,
    transferQueueId: values.transferQueueId === "" ? null : values.transferQueueId,
    greetingMessage: values.queueIds.length > 1 ? values.greetingMessage : "",
    complationMessage: values.complationMessage,
    outOfHoursMessage: values.outOfHoursMessage,
    ratingMessage: values.ratingMessage,
    expiresInactiveMessage: values.expiresInactiveMessage,
    expiresTicket: Number(values.expiresTicket),
    timeUseBotQueues: Number(values.timeUseBotQueues),
    maxUseBotQueues: Number(values.maxUseBotQueues),
    timeToTransfer: values.timeToTransfer.trim() === "" ? null : Number(values.timeToTransfer),
    timeforagroup: Number(values.timeforagroup),
    sendRatePerSecond: values.sendRatePerSecond.trim() === "" ? null : Number(values.sendRatePerSecond.trim().replace(",", ".")),
  };
  // The provider is chosen when the connection is made; its session and login belong to it.
  if (!editing) input.provider = values.provider;
  if (values.provider === "cloudapi") {
    input.cloudPhoneNumberId = values.cloudPhoneNumberId.trim();
    input.cloudBusinessAccountId = values.cloudBusinessAccountId.trim();
    // Write-only: sent only when typed, so an edit keeps the stored secret.
    if (values.cloudAccessToken.trim()) input.cloudAccessToken = values.cloudAccessToken.trim();
    if (values.cloudAppSecret.trim()) input.cloudAppSecret = values.cloudAppSecret.trim();
  }
  return input;
}

interface Props {
  open: boolean;
  /** The connection to edit; absent to add one. */
  connection?: Connection;
  queues: ConnectionQueue[];
  onClose: () => void;
}

/** Add or edit a connection (core-service section 2, Dialogs). */
export function ConnectionDialog({ open, connection, queues, onClose }: Props) {
  const { t } = useTranslation();
  const create = useCreateConnection();
  const update = useUpdateConnection();
  const { providers, defaultProvider } = useConnectionProviders(open);
  const form = useForm<FormValues>({ resolver: zodResolver(formSchema) as never, defaultValues: initialValues() });
  const { errors, isSubmitting } = form.formState;
  const { reset, getValues, setValue } = form;

  useEffect(() => {
    if (open) reset(initialValues(connection, defaultProvider));
    // Only on opening: a provider list arriving later is applied below without resetting what was typed.
  }, [open, connection, reset]);

  // New connections choose only among the providers the server allows.
  useEffect(() => {
    if (open && !connection && !providers.includes(getValues("provider"))) setValue("provider", defaultProvider);
  }, [open, connection, providers, defaultProvider, getValues, setValue]);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const input = connectionInputOf(values, Boolean(connection));
      if (connection) await update.mutateAsync({ id: connection.id, input });
      else await create.mutateAsync(input);
      toastSuccess(t("connections.saved"), { admin: true });
      onClose();
    } catch (error) {
      if (!applyFieldErrors(error, form.setError, FIELDS)) toastError(error);
    }
  });
  const text = (m: string | undefined) => (m ? t(m) : undefined);
  const queueCount = form.watch("queueIds").length;
  const isCloud = form.watch("provider") === "cloudapi";
  const cloudField = (name: (typeof CLOUD_FIELDS)[number]) => {
    const secret = name === "cloudAccessToken" || name === "cloudAppSecret";
    const isSet = secret && form.watch(name === "cloudAccessToken" ? "hasCloudAccessToken" : "hasCloudAppSecret");
    return (
      <TextField
        label={t(`connections.cloud.${name.replace(/^cloud/, "").replace(/^./, (c) => c.toLowerCase())}`)}
        fullWidth
        type={secret ? "password" : "text"}
        autoComplete="off"
        {...form.register(name)}
        error={Boolean(errors[name])}
        helperText={text(errors[name]?.message) ?? (isSet ? t("connections.cloud.secretSet") : undefined)}
        slotProps={{ htmlInput: { "data-testid": `connection-${name}`, ...(secret ? {} : { inputMode: "numeric" }) } }}
      />
    );
  };

  const messageField = (
    name: "greetingMessage" | "complationMessage" | "outOfHoursMessage" | "ratingMessage" | "expiresInactiveMessage",
    disabled = false,
    help?: string,
  ) => (
    // A controlled field: a disabled greeting keeps its value in the form (it is cleared on submit, not lost on render).
    <Controller
      name={name}
      control={form.control}
      render={({ field }) => (
        <TextField
          label={t(`connections.${name}`)}
          multiline
          minRows={2}
          maxRows={6}
          fullWidth
          disabled={disabled}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={Boolean(errors[name])}
          helperText={text(errors[name]?.message) ?? help}
          data-testid={`connection-${name}`}
        />
      )}
    />
  );
  const numberField = (name: "expiresTicket" | "timeUseBotQueues" | "maxUseBotQueues" | "timeToTransfer" | "timeforagroup") => (
    <TextField
      label={t(`connections.${name}`)}
      fullWidth
      {...form.register(name)}
      error={Boolean(errors[name])}
      helperText={text(errors[name]?.message) ?? t(`connections.${name}Help`)}
      slotProps={{ htmlInput: { inputMode: "numeric", maxLength: 6 } }}
      data-testid={`connection-${name}`}
    />
  );

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md" scroll="paper" data-testid="connection-dialog">
      <form onSubmit={onSubmit} noValidate style={{ display: "contents" }}>
        <DialogTitle>{connection ? t("connections.edit") : t("connections.add")}</DialogTitle>
        <DialogContent dividers>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ alignItems: { sm: "flex-start" } }}>
              <TextField
                label={t("connections.name")}
                fullWidth
                autoFocus
                {...form.register("name")}
                error={Boolean(errors.name)}
                helperText={text(errors.name?.message)}
                data-testid="connection-name"
              />
              <Controller
                name="provider"
                control={form.control}
                render={({ field }) => (
                  <TextField
                    select
                    label={t("connections.provider")}
                    sx={{ minWidth: 220 }}
                    {...field}
                    disabled={Boolean(connection)}
                    helperText={connection ? t("connections.providerFixed") : undefined}
                    data-testid="connection-provider"
                  >
                    {(connection ? [connection.provider] : providers).map((p) => (
                      <MenuItem key={p} value={p} data-testid={`connection-provider-option-${p}`}>
                        {t(`connections.providers.${p}`)}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
              <Controller
                name="isDefault"
                control={form.control}
                render={({ field }) => (
                  <FormControlLabel
                    sx={{ whiteSpace: "nowrap", pt: 1 }}
                    control={
                      <Switch
                        checked={field.value}
                        onChange={(e) => field.onChange(e.target.checked)}
                        slotProps={{ input: { "data-testid": "connection-default" } as object }}
                      />
                    }
                    label={t("connections.default")}
                  />
                )}
              />
            </Stack>

            {isCloud && (
              <Stack spacing={2} data-testid="connection-cloud-fields">
                <Typography variant="subtitle2">{t("connections.cloud.title")}</Typography>
                <Typography variant="caption" sx={{ color: "text.secondary" }}>
                  {t("connections.cloud.help")}
                </Typography>
                <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
                  {cloudField("cloudPhoneNumberId")}
                  {cloudField("cloudBusinessAccountId")}
                </Stack>
                <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
                  {cloudField("cloudAccessToken")}
                  {cloudField("cloudAppSecret")}
                </Stack>
              </Stack>
            )}

            <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
              <Controller
                name="queueIds"
                control={form.control}
                render={({ field }) => (
                  <TextField
                    select
                    fullWidth
                    label={t("connections.queues")}
                    value={field.value}
                    onChange={(e) => field.onChange(e.target.value as unknown as number[])}
                    slotProps={{
                      select: {
                        multiple: true,
                        renderValue: (selected) => (
                          <Stack direction="row" spacing={0.5} sx={{ flexWrap: "wrap" }}>
                            {(selected as number[]).map((id) => {
                              const q = queues.find((x) => x.id === id);
                              return <Chip key={id} size="small" label={q?.name ?? id} sx={{ bgcolor: q?.color, color: "#fff" }} />;
                            })}
                          </Stack>
                        ),
                      },
                    }}
                    data-testid="connection-queues"
                  >
                    {queues.map((q) => (
                      <MenuItem key={q.id} value={q.id} data-testid={`connection-queue-option-${q.id}`}>
                        {q.name}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
              <Controller
                name="transferQueueId"
                control={form.control}
                render={({ field }) => (
                  <TextField
                    select
                    fullWidth
                    label={t("connections.transferQueue")}
                    value={field.value}
                    onChange={(e) => field.onChange(e.target.value === "" ? "" : Number(e.target.value))}
                    helperText={t("connections.transferQueueHelp")}
                    data-testid="connection-transfer-queue"
                  >
                    <MenuItem value="">
                      <em>{t("connections.none")}</em>
                    </MenuItem>
                    {queues.map((q) => (
                      <MenuItem key={q.id} value={q.id}>
                        {q.name}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
            </Stack>

            <Typography variant="subtitle2">{t("connections.messages")}</Typography>
            {messageField("greetingMessage", queueCount <= 1, queueCount <= 1 ? t("connections.greetingOnlyWithQueues") : undefined)}
            {messageField("complationMessage")}
            {messageField("outOfHoursMessage")}
            {messageField("ratingMessage")}
            {messageField("expiresInactiveMessage")}

            <Typography variant="subtitle2">{t("connections.timing")}</Typography>
            <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
              {numberField("expiresTicket")}
              {numberField("timeToTransfer")}
              {numberField("timeforagroup")}
            </Stack>
            <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
              {numberField("timeUseBotQueues")}
              {numberField("maxUseBotQueues")}
              <TextField
                label={t("connections.sendRatePerSecond")}
                fullWidth
                {...form.register("sendRatePerSecond")}
                error={Boolean(errors.sendRatePerSecond)}
                helperText={text(errors.sendRatePerSecond?.message) ?? t("connections.sendRatePerSecondHelp")}
                slotProps={{ htmlInput: { inputMode: "decimal", maxLength: 7 } }}
                data-testid="connection-sendRatePerSecond"
              />
            </Stack>
            {connection && <ApiTokenBox whatsappId={connection.id} hasToken={connection.hasToken} />}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t("common.cancel")}</Button>
          <Button type="submit" variant="contained" disabled={isSubmitting} data-testid="connection-save">
            {t("common.save")}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

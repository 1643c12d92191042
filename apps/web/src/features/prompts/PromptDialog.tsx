import { useEffect, useMemo } from "react";
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, TextField } from "@mui/material";
import { Controller, useForm, type Resolver } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslation } from "react-i18next";
import {
  PROMPT_DEFAULTS,
  PROMPT_TEXT_ONLY_VOICE,
  PROMPT_VOICES,
  V,
  promptCreateSchema,
  promptUpdateSchema,
  type PromptView,
} from "@atendo/shared";
import { toastError, toastErrorText, toastSuccess } from "../errors/toast.js";
import { applyFieldErrors } from "../../lib/form-errors.js";
import { useQueues } from "../queues/api.js";
import { useSavePrompt, type PromptPayload } from "./api.js";

interface FormValues {
  name: string;
  prompt: string;
  apiKey: string;
  queueId: number | "";
  maxMessages: number | string;
  maxTokens: number | string;
  temperature: number | string;
  voice: string;
  voiceKey: string;
  voiceRegion: string;
}
const FIELDS = ["name", "prompt", "apiKey", "queueId", "maxMessages", "maxTokens", "temperature", "voice", "voiceKey", "voiceRegion"] as const;

interface Props {
  open: boolean;
  /** The prompt to edit; absent to add one. */
  prompt?: PromptView;
  onClose: () => void;
}

/** "pt-BR-FranciscaNeural" → "Francisca". */
export const voiceLabel = (voice: string) => voice.replace(/^pt-BR-/, "").replace(/Neural$/, "");

/**
 * The prompt modal (administration sections 2, 3, 5, 9): every field of the prompt with the spec's defaults. Keys are
 * write-only: on edit the key fields start empty (the stored key is shown masked) and an empty key is kept.
 */
export function PromptDialog({ open, prompt, onClose }: Props) {
  const { t } = useTranslation();
  const queues = useQueues();
  const save = useSavePrompt();
  const editing = prompt !== undefined;
  const resolver = useMemo(
    () => zodResolver(editing ? promptUpdateSchema : promptCreateSchema) as unknown as Resolver<FormValues>,
    [editing],
  );
  const form = useForm<FormValues>({ resolver });
  const { errors, isSubmitting } = form.formState;
  const { reset } = form;

  useEffect(() => {
    if (!open) return;
    reset({
      name: prompt?.name ?? "",
      prompt: prompt?.prompt ?? "",
      apiKey: "",
      queueId: prompt?.queueId ?? "",
      maxMessages: prompt?.maxMessages ?? PROMPT_DEFAULTS.maxMessages,
      maxTokens: prompt?.maxTokens ?? PROMPT_DEFAULTS.maxTokens,
      temperature: prompt?.temperature ?? PROMPT_DEFAULTS.temperature,
      voice: prompt?.voice ?? PROMPT_DEFAULTS.voice,
      voiceKey: "",
      voiceRegion: prompt?.voiceRegion ?? "",
    });
  }, [open, prompt, reset]);

  const onSubmit = form.handleSubmit(
    async (values) => {
      const parsed = values as unknown as PromptPayload & { apiKey?: string; voiceKey?: string | null };
      const input: PromptPayload = {
        name: parsed.name,
        prompt: parsed.prompt,
        voice: parsed.voice,
        voiceRegion: parsed.voiceRegion,
        maxTokens: parsed.maxTokens,
        temperature: parsed.temperature,
        queueId: parsed.queueId,
        maxMessages: parsed.maxMessages,
        // Empty key fields keep what is stored.
        ...(parsed.apiKey ? { apiKey: parsed.apiKey } : {}),
        ...(parsed.voiceKey ? { voiceKey: parsed.voiceKey } : {}),
      };
      try {
        await save.mutateAsync({ id: prompt?.id, input });
        toastSuccess(t("prompts.saved"), { admin: true });
        onClose();
      } catch (error) {
        if (!applyFieldErrors(error, form.setError, FIELDS)) toastError(error);
        else if (form.getFieldState("queueId").error?.message === V.queueRequired) toastErrorText(t(V.queueRequired));
      }
    },
    // Spec 5: without a queue, 'Informe o setor' is shown and nothing is saved.
    (invalid) => {
      if (invalid.queueId) toastErrorText(t(V.queueRequired));
    },
  );
  const message = (m: string | undefined) => (m ? t(m) : undefined);
  const voice = form.watch("voice");

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md" data-testid="prompt-dialog">
      <form onSubmit={onSubmit} noValidate>
        <DialogTitle>{editing ? t("prompts.edit") : t("prompts.add")}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              label={t("prompts.name")}
              {...form.register("name")}
              error={Boolean(errors.name)}
              helperText={message(errors.name?.message)}
              data-testid="prompt-name"
            />
            <TextField
              label={t("prompts.apiKey")}
              type="password"
              autoComplete="off"
              {...form.register("apiKey")}
              placeholder={prompt?.apiKeyMasked || undefined}
              error={Boolean(errors.apiKey)}
              helperText={message(errors.apiKey?.message) ?? (editing ? t("prompts.keyKept") : undefined)}
              data-testid="prompt-api-key"
            />
            <TextField
              label={t("prompts.prompt")}
              multiline
              minRows={6}
              maxRows={14}
              {...form.register("prompt")}
              error={Boolean(errors.prompt)}
              helperText={message(errors.prompt?.message)}
              data-testid="prompt-text"
            />
            <Controller
              control={form.control}
              name="queueId"
              render={({ field }) => (
                <TextField
                  select
                  label={t("prompts.queue")}
                  value={field.value}
                  onChange={(event) => field.onChange(event.target.value === "" ? "" : Number(event.target.value))}
                  onBlur={field.onBlur}
                  error={Boolean(errors.queueId)}
                  helperText={message(errors.queueId?.message)}
                  data-testid="prompt-queue"
                >
                  {(queues.data ?? []).map((queue) => (
                    <MenuItem key={queue.id} value={queue.id} data-testid={`prompt-queue-option-${queue.id}`}>
                      {queue.name}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
              <TextField
                label={t("prompts.maxMessages")}
                type="number"
                {...form.register("maxMessages")}
                error={Boolean(errors.maxMessages)}
                helperText={message(errors.maxMessages?.message)}
                fullWidth
                data-testid="prompt-max-messages"
              />
              <TextField
                label={t("prompts.maxTokens")}
                type="number"
                {...form.register("maxTokens")}
                error={Boolean(errors.maxTokens)}
                helperText={message(errors.maxTokens?.message)}
                fullWidth
                data-testid="prompt-max-tokens"
              />
              <TextField
                label={t("prompts.temperature")}
                type="number"
                slotProps={{ htmlInput: { step: 0.1, min: 0, max: 2 } }}
                {...form.register("temperature")}
                error={Boolean(errors.temperature)}
                helperText={message(errors.temperature?.message)}
                fullWidth
                data-testid="prompt-temperature"
              />
            </Stack>
            <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
              <Controller
                control={form.control}
                name="voice"
                render={({ field }) => (
                  <TextField
                    select
                    label={t("prompts.voice")}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    error={Boolean(errors.voice)}
                    helperText={message(errors.voice?.message)}
                    fullWidth
                    data-testid="prompt-voice"
                  >
                    {PROMPT_VOICES.map((v) => (
                      <MenuItem key={v} value={v} data-testid={`prompt-voice-option-${v}`}>
                        {v === PROMPT_TEXT_ONLY_VOICE ? t("prompts.textOnly") : voiceLabel(v)}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
              <TextField
                label={t("prompts.voiceKey")}
                type="password"
                autoComplete="off"
                {...form.register("voiceKey")}
                placeholder={prompt?.voiceKeyMasked || undefined}
                disabled={voice === PROMPT_TEXT_ONLY_VOICE}
                error={Boolean(errors.voiceKey)}
                helperText={message(errors.voiceKey?.message)}
                fullWidth
                data-testid="prompt-voice-key"
              />
              <TextField
                label={t("prompts.voiceRegion")}
                {...form.register("voiceRegion")}
                disabled={voice === PROMPT_TEXT_ONLY_VOICE}
                error={Boolean(errors.voiceRegion)}
                helperText={message(errors.voiceRegion?.message)}
                fullWidth
                data-testid="prompt-voice-region"
              />
            </Stack>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t("common.cancel")}</Button>
          <Button type="submit" variant="contained" disabled={isSubmitting} data-testid="prompt-save">
            {t("common.save")}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

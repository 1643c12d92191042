import { useEffect, useState } from "react";
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, TextField } from "@mui/material";
import { useTranslation } from "react-i18next";
import {
  normalizeSummaryTime,
  SUMMARY_DEFAULTS,
  SUMMARY_MODELS,
  SUMMARY_PROMPT_DEFAULT,
  SUMMARY_PROVIDERS,
  SUMMARY_TIME_STEP_SECONDS,
  summaryTimeTooEarly,
  type GroupContactView,
  type SummaryProvider,
} from "@atendo/shared";
import { toastError, toastSuccess } from "../errors/toast.js";
import { useUpdateGroup } from "./api.js";

interface Props {
  group: GroupContactView | null;
  /** Turn the summary on with this save (the card's switch opened the panel). */
  enable: boolean;
  onClose: () => void;
}

interface Draft {
  provider: SummaryProvider;
  model: string;
  customModel: string;
  key: string;
  maxTokens: string;
  temperature: string;
  time: string;
  prompt: string;
}

function draftOf(group: GroupContactView): Draft {
  const provider = group.resumeprovider ?? SUMMARY_DEFAULTS.provider;
  const known = group.resumemodel && SUMMARY_MODELS[provider].includes(group.resumemodel);
  return {
    provider,
    model: group.resumemodel ? (known ? group.resumemodel : "other") : "",
    customModel: group.resumemodel && !known ? group.resumemodel : "",
    key: "",
    maxTokens: String(group.resumemaxtokens ?? SUMMARY_DEFAULTS.maxTokens),
    temperature: String(group.resumetemperature ?? SUMMARY_DEFAULTS.temperature),
    time: group.timeresume ? group.timeresume.slice(0, 5) : "",
    prompt: group.resumeprompt ?? SUMMARY_PROMPT_DEFAULT,
  };
}

/**
 * The summary configuration panel of one group (administration spec 3, 4 and 5): provider, the provider's models
 * with 'other' for a typed name (changing provider clears the model), the key (write-only: shown masked, blank keeps
 * it), max tokens, temperature, the time (at least 5 minutes ahead, saved as HH:MM:00) and the prompt template.
 */
export function SummaryPanel({ group, enable, onClose }: Props) {
  const { t } = useTranslation();
  const update = useUpdateGroup();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    setDraft(group ? draftOf(group) : null);
    setError(null);
  }, [group]);

  if (!group || !draft) return null;
  const set = (patch: Partial<Draft>) => setDraft({ ...draft, ...patch });

  const save = () => {
    const model = draft.model === "other" ? draft.customModel.trim() : draft.model;
    const maxTokens = Number(draft.maxTokens);
    const temperature = Number(draft.temperature);
    if (!draft.provider || !model || !Number.isFinite(maxTokens) || !Number.isFinite(temperature) || (!group.hasResumeKey && !draft.key.trim())) {
      setError(t("transcribe.invalidState"));
      return;
    }
    const earliest = summaryTimeTooEarly(draft.time, new Date());
    if (earliest) {
      setError(t("transcribe.tooEarly", { time: earliest }));
      return;
    }
    setError(null);
    update.mutate(
      {
        id: group.id,
        resumeprovider: draft.provider,
        resumemodel: model,
        resumemaxtokens: Math.round(maxTokens),
        resumetemperature: temperature,
        timeresume: normalizeSummaryTime(draft.time),
        resumeprompt: draft.prompt,
        ...(draft.key.trim() ? { resumekey: draft.key.trim() } : {}),
        ...(enable ? { resumegroup: true } : {}),
      },
      {
        onSuccess: () => {
          toastSuccess(t("transcribe.summarySaved"));
          onClose();
        },
        onError: toastError,
      },
    );
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" data-testid="summary-panel">
      <DialogTitle>{t("transcribe.panel.title", { name: group.name })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {error && (
            <Alert severity="error" data-testid="summary-error">
              {error}
            </Alert>
          )}
          <TextField
            select
            label={t("transcribe.panel.provider")}
            value={draft.provider}
            onChange={(e) => set({ provider: e.target.value as SummaryProvider, model: "", customModel: "" })}
            data-testid="summary-provider"
          >
            {SUMMARY_PROVIDERS.map((p) => (
              <MenuItem key={p} value={p}>
                {p}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label={t("transcribe.panel.model")}
            value={draft.model}
            onChange={(e) => set({ model: e.target.value })}
            data-testid="summary-model"
          >
            {SUMMARY_MODELS[draft.provider].map((m) => (
              <MenuItem key={m} value={m}>
                {m === "other" ? t("transcribe.panel.other") : m}
              </MenuItem>
            ))}
          </TextField>
          {draft.model === "other" && (
            <TextField
              label={t("transcribe.panel.customModel")}
              value={draft.customModel}
              onChange={(e) => set({ customModel: e.target.value })}
              slotProps={{ htmlInput: { "data-testid": "summary-custom-model", maxLength: 200 } }}
            />
          )}
          <TextField
            type="password"
            label={t("transcribe.panel.key")}
            value={draft.key}
            autoComplete="off"
            onChange={(e) => set({ key: e.target.value })}
            helperText={group.hasResumeKey ? t("transcribe.panel.keySet", { masked: group.resumekeyMasked }) : undefined}
            slotProps={{ htmlInput: { "data-testid": "summary-key", maxLength: 500 } }}
          />
          <Stack direction="row" spacing={2}>
            <TextField
              type="number"
              label={t("transcribe.panel.maxTokens")}
              value={draft.maxTokens}
              onChange={(e) => set({ maxTokens: e.target.value })}
              slotProps={{ htmlInput: { "data-testid": "summary-max-tokens", min: 1 } }}
              fullWidth
            />
            <TextField
              type="number"
              label={t("transcribe.panel.temperature")}
              value={draft.temperature}
              onChange={(e) => set({ temperature: e.target.value })}
              slotProps={{ htmlInput: { "data-testid": "summary-temperature", min: 0, max: 2, step: 0.1 } }}
              fullWidth
            />
            <TextField
              type="time"
              label={t("transcribe.panel.time")}
              value={draft.time}
              onChange={(e) => set({ time: e.target.value })}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { "data-testid": "summary-time", step: SUMMARY_TIME_STEP_SECONDS } }}
              fullWidth
            />
          </Stack>
          <TextField
            multiline
            minRows={5}
            label={t("transcribe.panel.prompt")}
            value={draft.prompt}
            helperText={t("transcribe.panel.promptHelp")}
            onChange={(e) => set({ prompt: e.target.value })}
            slotProps={{ htmlInput: { "data-testid": "summary-prompt", maxLength: 10_000 } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t("transcribe.panel.cancel")}</Button>
        <Button variant="contained" onClick={save} disabled={update.isPending} data-testid="summary-save">
          {t("transcribe.panel.save")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

import { useEffect, useState } from "react";
import { Button, Chip, MenuItem, Paper, Stack, TextField, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import { CAMPAIGN_LONG_INTERVALS, CAMPAIGN_MESSAGE_INTERVALS, type CampaignSettings } from "@atendo/shared";
import { PageHeader } from "../components/PageHeader.js";
import { FullPageSpinner } from "../components/FullPageSpinner.js";
import { toastSuccess } from "../features/errors/toast.js";
import { useCampaignSettings, useSaveCampaignSettings } from "../features/campaigns/api.js";

type Interval = "messageInterval" | "longerIntervalAfter" | "greaterInterval";

/**
 * Campaign settings (/campaigns-config, administration sections 3 and 9): the pacing intervals with the spec's
 * choices, the company's own variables (a key is added only once) and the opt-out words.
 */
export function CampaignsConfigPage() {
  const { t } = useTranslation();
  const settings = useCampaignSettings();
  const save = useSaveCampaignSettings();
  const [draft, setDraft] = useState<CampaignSettings | null>(null);
  const [key, setKey] = useState("");
  const [value, setValue] = useState("");
  const [word, setWord] = useState("");
  useEffect(() => {
    if (settings.data) setDraft(settings.data);
  }, [settings.data]);
  if (!draft) return <FullPageSpinner />;

  const interval = (name: Interval, choices: readonly number[]) => (
    <TextField
      select
      fullWidth
      label={t(`campaigns.settings.${name}`)}
      value={draft[name]}
      onChange={(event) => setDraft({ ...draft, [name]: Number(event.target.value) })}
      data-testid={`campaigns-config-${name}`}
    >
      {choices.map((choice) => (
        <MenuItem key={choice} value={choice} data-testid={`campaigns-config-${name}-${choice}`}>
          {t("campaigns.settings.seconds", { count: choice })}
        </MenuItem>
      ))}
    </TextField>
  );
  const addVariable = () => {
    const trimmed = key.trim();
    // A shortcut variable is added only if its key is not yet present (administration section 5).
    if (!trimmed || draft.variables.some((v) => v.key === trimmed)) return;
    setDraft({ ...draft, variables: [...draft.variables, { key: trimmed, value }] });
    setKey("");
    setValue("");
  };
  const addWord = () => {
    const upper = word.trim().toUpperCase();
    if (!upper || draft.optOutWords.includes(upper)) return;
    setDraft({ ...draft, optOutWords: [...draft.optOutWords, upper] });
    setWord("");
  };

  return (
    <>
      <PageHeader
        title={t("campaigns.settings.title")}
        actions={
          <Button
            variant="contained"
            disabled={save.isPending}
            onClick={() => save.mutate(draft, { onSuccess: () => toastSuccess(t("campaigns.settings.saved"), { admin: true }) })}
            data-testid="campaigns-config-save"
          >
            {t("common.save")}
          </Button>
        }
      />
      <Stack spacing={2}>
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography variant="subtitle1" gutterBottom>
            {t("campaigns.settings.intervals")}
          </Typography>
          <Stack direction={{ xs: "column", md: "row" }} spacing={2}>
            {interval("messageInterval", CAMPAIGN_MESSAGE_INTERVALS)}
            {interval("longerIntervalAfter", CAMPAIGN_LONG_INTERVALS)}
            {interval("greaterInterval", CAMPAIGN_LONG_INTERVALS)}
          </Stack>
        </Paper>
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography variant="subtitle1" gutterBottom>
            {t("campaigns.settings.variables")}
          </Typography>
          <Stack direction={{ xs: "column", md: "row" }} spacing={2} sx={{ mb: 2 }}>
            <TextField label={t("campaigns.settings.variableKey")} value={key} onChange={(event) => setKey(event.target.value)} slotProps={{ htmlInput: { "data-testid": "campaigns-config-variable-key" } }} />
            <TextField fullWidth label={t("campaigns.settings.variableValue")} value={value} onChange={(event) => setValue(event.target.value)} slotProps={{ htmlInput: { "data-testid": "campaigns-config-variable-value" } }} />
            <Button onClick={addVariable} data-testid="campaigns-config-variable-add">
              {t("campaigns.settings.add")}
            </Button>
          </Stack>
          <Stack direction="row" spacing={1} sx={{ flexWrap: "wrap" }}>
            {draft.variables.map((variable) => (
              <Chip
                key={variable.key}
                label={`{${variable.key}}: ${variable.value}`}
                onDelete={() => setDraft({ ...draft, variables: draft.variables.filter((v) => v.key !== variable.key) })}
              />
            ))}
          </Stack>
        </Paper>
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography variant="subtitle1" gutterBottom>
            {t("campaigns.settings.optOutWords")}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {t("campaigns.settings.optOutHelp")}
          </Typography>
          <Stack direction="row" spacing={2} sx={{ mb: 2 }}>
            <TextField label={t("campaigns.settings.word")} value={word} onChange={(event) => setWord(event.target.value)} slotProps={{ htmlInput: { "data-testid": "campaigns-config-word" } }} />
            <Button onClick={addWord} data-testid="campaigns-config-word-add">
              {t("campaigns.settings.add")}
            </Button>
          </Stack>
          <Stack direction="row" spacing={1} sx={{ flexWrap: "wrap" }}>
            {draft.optOutWords.map((item) => (
              <Chip key={item} label={item} onDelete={() => setDraft({ ...draft, optOutWords: draft.optOutWords.filter((w) => w !== item) })} />
            ))}
          </Stack>
        </Paper>
      </Stack>
    </>
  );
}

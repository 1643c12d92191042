import { useState } from "react";
import { Alert, Button, CircularProgress, Menu, MenuItem, Paper, Stack, TextField, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import type { WhatsAppTemplateView } from "@atendo/shared";
import { templatePreview, useCloudTemplates } from "../conversation/templates-api.js";

export interface TemplateChoice {
  templateName: string;
  templateLanguage: string;
  templateVariables: string[];
}

export const NO_TEMPLATE: TemplateChoice = { templateName: "", templateLanguage: "", templateVariables: [] };

const keyOf = (t: { name: string; language: string }) => (t.name ? `${t.name}|${t.language}` : "");

interface Props {
  /** The Cloud API connection whose approved templates are offered. */
  whatsappId: number;
  value: TemplateChoice;
  onChange: (value: TemplateChoice) => void;
  /** What may be inserted into a variable, filled per contact when sent ({nome}, {numero}, {email}, …). */
  tokens: string[];
  disabled?: boolean;
  /** A translation key to show under the picker (the server's field error). */
  error?: string;
  /** A translation key explaining when the template goes (default: the campaign's). */
  hint?: string;
  testId: string;
}

/**
 * The template for a Cloud API connection's contacts outside the 24-hour window (campaigns, schedules): the approved
 * templates, one field per {{n}} of the body with a menu that inserts {nome}, {numero}, {email} (and the other
 * variables), and the body as it will read with those mapped in.
 */
export function TemplateChoiceFields({ whatsappId, value, onChange, tokens, disabled = false, error, hint = "campaigns.template.hint", testId }: Props) {
  const { t } = useTranslation();
  const templates = useCloudTemplates(whatsappId);
  const [menu, setMenu] = useState<{ anchor: HTMLElement; index: number } | null>(null);
  const selected = templates.data?.find((item) => keyOf(item) === keyOf({ name: value.templateName, language: value.templateLanguage })) ?? null;

  const choose = (key: string) => {
    const template: WhatsAppTemplateView | undefined = templates.data?.find((item) => keyOf(item) === key);
    if (!template) return onChange(NO_TEMPLATE);
    // Keep what was typed where the new template has the same variables.
    const variables = Array.from({ length: template.variables }, (_, i) => value.templateVariables[i] ?? "");
    onChange({ templateName: template.name, templateLanguage: template.language, templateVariables: variables });
  };
  const setVariable = (index: number, text: string) =>
    onChange({ ...value, templateVariables: value.templateVariables.map((current, i) => (i === index ? text : current)) });

  return (
    <Stack spacing={1.5} data-testid={testId}>
      <Alert severity="info" data-testid={`${testId}-hint`}>
        {t(hint)}
      </Alert>
      {templates.isLoading ? (
        <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
          <CircularProgress size={18} />
          <Typography variant="body2">{t("campaigns.template.loading")}</Typography>
        </Stack>
      ) : (
        <TextField
          select
          fullWidth
          label={t("campaigns.template.label")}
          value={selected ? keyOf(selected) : ""}
          disabled={disabled}
          onChange={(event) => choose(event.target.value)}
          error={Boolean(error)}
          helperText={error ? t(error) : !templates.data?.length ? t("campaigns.template.empty") : undefined}
          data-testid={`${testId}-select`}
        >
          <MenuItem value="">{t("campaigns.none")}</MenuItem>
          {(templates.data ?? []).map((item) => (
            <MenuItem key={keyOf(item)} value={keyOf(item)} data-testid={`${testId}-option-${item.name}`}>
              {item.name} · {item.language}
            </MenuItem>
          ))}
        </TextField>
      )}
      {selected &&
        value.templateVariables.map((text, index) => (
          <Stack key={index} direction="row" spacing={1} sx={{ alignItems: "flex-start" }}>
            <TextField
              fullWidth
              size="small"
              label={t("campaigns.template.variable", { n: index + 1 })}
              value={text}
              disabled={disabled}
              onChange={(event) => setVariable(index, event.target.value)}
              helperText={t("campaigns.template.variableHelp")}
              slotProps={{ htmlInput: { maxLength: 1024, "data-testid": `${testId}-variable-${index + 1}` } }}
            />
            <Button
              size="small"
              disabled={disabled}
              onClick={(event) => setMenu({ anchor: event.currentTarget, index })}
              sx={{ mt: 0.5, whiteSpace: "nowrap" }}
              data-testid={`${testId}-insert-${index + 1}`}
            >
              {t("campaigns.template.insert")}
            </Button>
          </Stack>
        ))}
      <Menu anchorEl={menu?.anchor ?? null} open={menu !== null} onClose={() => setMenu(null)}>
        {tokens.map((token) => (
          <MenuItem
            key={token}
            onClick={() => {
              if (menu) setVariable(menu.index, `${value.templateVariables[menu.index] ?? ""}${token}`);
              setMenu(null);
            }}
            data-testid={`${testId}-token-${token.replace(/[{}]/g, "")}`}
          >
            {token}
          </MenuItem>
        ))}
      </Menu>
      {selected && (
        <Paper variant="outlined" sx={{ p: 1.5, bgcolor: "action.hover" }}>
          <Typography variant="caption" sx={{ color: "text.secondary" }}>
            {t("campaigns.template.preview")}
          </Typography>
          <Typography variant="body2" sx={{ whiteSpace: "pre-wrap" }} data-testid={`${testId}-preview`}>
            {templatePreview(selected, value.templateVariables)}
          </Typography>
        </Paper>
      )}
    </Stack>
  );
}

import { useState } from "react";
import { Alert, Box, Button, CircularProgress, MenuItem, Paper, Stack, TextField, Typography } from "@mui/material";
import Send from "@mui/icons-material/Send";
import { useTranslation } from "react-i18next";
import type { TicketView, WhatsAppTemplateView } from "@atendo/shared";
import { toastError } from "../errors/toast.js";
import { templatePreview, useCloudTemplates, useSendTemplate } from "./templates-api.js";

const keyOf = (t: Pick<WhatsAppTemplateView, "name" | "language">) => `${t.name}|${t.language}`;

/**
 * The composer outside the customer's 24-hour window (Cloud API): Meta takes only an approved template, so the agent
 * picks one, fills a field per {{n}} of its body, sees the text as the customer will, and sends it.
 */
export function TemplateComposer({ ticket }: { ticket: TicketView }) {
  const { t } = useTranslation();
  const templates = useCloudTemplates(ticket.whatsappId);
  const send = useSendTemplate();
  const [selected, setSelected] = useState("");
  const [values, setValues] = useState<string[]>([]);
  const template = templates.data?.find((item) => keyOf(item) === selected) ?? null;
  const complete = template !== null && values.length === template.variables && values.every((v) => v.trim() !== "");

  const choose = (key: string) => {
    setSelected(key);
    const next = templates.data?.find((item) => keyOf(item) === key);
    setValues(Array.from({ length: next?.variables ?? 0 }, () => ""));
  };
  const submit = () => {
    if (!template || !complete) return;
    send.mutate(
      { ticketId: ticket.id, template: { name: template.name, language: template.language, parameters: values.map((v) => v.trim()) } },
      { onSuccess: () => choose(""), onError: (error) => toastError(error) },
    );
  };

  return (
    <Box sx={{ borderTop: 1, borderColor: "divider", p: 1.5 }} data-testid="template-composer">
      <Alert severity="warning" sx={{ mb: 1.5 }} data-testid="template-composer-hint">
        {t("composer.window.closedHint")}
      </Alert>
      {templates.isLoading ? (
        <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
          <CircularProgress size={18} />
          <Typography variant="body2">{t("composer.window.loading")}</Typography>
        </Stack>
      ) : !templates.data?.length ? (
        <Typography variant="body2" sx={{ color: "text.secondary" }} data-testid="template-composer-empty">
          {t("composer.window.noTemplates")}
        </Typography>
      ) : (
        <Stack spacing={1.5}>
          <TextField
            select
            size="small"
            label={t("composer.window.template")}
            value={selected}
            onChange={(event) => choose(event.target.value)}
            data-testid="template-select"
          >
            {templates.data.map((item) => (
              <MenuItem key={keyOf(item)} value={keyOf(item)} data-testid={`template-option-${item.name}`}>
                {item.name} · {item.language}
              </MenuItem>
            ))}
          </TextField>
          {template && (
            <>
              {values.map((value, index) => (
                <TextField
                  key={index}
                  size="small"
                  label={t("composer.window.variable", { n: index + 1 })}
                  value={value}
                  onChange={(event) => setValues((current) => current.map((v, i) => (i === index ? event.target.value : v)))}
                  slotProps={{ htmlInput: { maxLength: 1024, "data-testid": `template-variable-${index + 1}` } }}
                />
              ))}
              <Paper variant="outlined" sx={{ p: 1.5, bgcolor: "action.hover" }}>
                <Typography variant="caption" sx={{ color: "text.secondary" }}>
                  {t("composer.window.preview")}
                </Typography>
                <Typography variant="body2" sx={{ whiteSpace: "pre-wrap", wordBreak: "break-word" }} data-testid="template-preview">
                  {templatePreview(template, values)}
                </Typography>
              </Paper>
              <Box>
                <Button variant="contained" startIcon={<Send />} disabled={!complete || send.isPending} onClick={submit} data-testid="template-send">
                  {t("composer.window.send")}
                </Button>
              </Box>
            </>
          )}
        </Stack>
      )}
    </Box>
  );
}

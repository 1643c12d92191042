import { useState, type FormEvent } from "react";
import { Box, Button, IconButton, Link, Paper, Stack, TextField, Tooltip, Typography } from "@mui/material";
import ContentCopy from "@mui/icons-material/ContentCopy";
import { useTranslation } from "react-i18next";
import { PageHeader } from "../components/PageHeader.js";
import { toastError, toastSuccess } from "../features/errors/toast.js";
import { curlExamples, sendApiMedia, sendApiText } from "../features/public-api/api.js";

/**
 * Messages API docs page (administration section 2): how another system sends text and media, with copyable curl
 * examples for this server's address, and the two test forms of section 5, which call the same endpoint with the
 * token typed in (not the session).
 */
export function MessagesApiPage() {
  const { t } = useTranslation();
  const examples = curlExamples(window.location.origin);
  return (
    <Box sx={{ p: 2, maxWidth: 1100 }}>
      <PageHeader
        title={t("menu.items.messagesApi")}
        actions={
          <Link href="/docs" target="_blank" rel="noopener" data-testid="messages-api-reference">
            {t("messagesApi.reference")}
          </Link>
        }
      />
      <Stack spacing={2}>
        <Typography>{t("messagesApi.intro")}</Typography>
        <Typography>{t("messagesApi.numberFormat")}</Typography>
        <Example title={t("messagesApi.textTitle")} help={t("messagesApi.textHelp")} code={examples.text} testId="curl-text" />
        <Example title={t("messagesApi.mediaTitle")} help={t("messagesApi.mediaHelp")} code={examples.media} testId="curl-media" />
        <Example title={t("messagesApi.templateTitle")} help={t("messagesApi.templateHelp")} code={examples.template} testId="curl-template" />
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography variant="h6" component="h2">
            {t("messagesApi.answerTitle")}
          </Typography>
          <Typography variant="body2">{t("messagesApi.answerHelp")}</Typography>
        </Paper>
        <Stack direction={{ xs: "column", md: "row" }} spacing={2} sx={{ alignItems: "stretch" }}>
          <TestForm kind="text" />
          <TestForm kind="media" />
        </Stack>
      </Stack>
    </Box>
  );
}

function Example({ title, help, code, testId }: { title: string; help: string; code: string; testId: string }) {
  const { t } = useTranslation();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      toastSuccess(t("messagesApi.copied"));
    } catch {
      // Clipboard refused (insecure origin): the text can still be selected by hand.
    }
  };
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Box sx={{ display: "flex", alignItems: "center" }}>
        <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {title}
        </Typography>
        <Tooltip title={t("messagesApi.copy")}>
          <IconButton aria-label={t("messagesApi.copy")} onClick={() => void copy()} data-testid={`${testId}-copy`}>
            <ContentCopy fontSize="small" />
          </IconButton>
        </Tooltip>
      </Box>
      <Typography variant="body2" color="text.secondary">
        {help}
      </Typography>
      <Box
        component="pre"
        data-testid={testId}
        sx={{ m: 0, mt: 1, p: 1.5, overflowX: "auto", bgcolor: "action.hover", borderRadius: 1, fontSize: 13, fontFamily: "monospace" }}
      >
        {code}
      </Box>
    </Paper>
  );
}

type Errors = Partial<Record<"token" | "number" | "body" | "file", string>>;

/** Spec 5: token and number required, plus a body for text or a file for media. */
function TestForm({ kind }: { kind: "text" | "media" }) {
  const { t } = useTranslation();
  const [token, setToken] = useState("");
  const [number, setNumber] = useState("");
  const [body, setBody] = useState("");
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [sending, setSending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const next: Errors = {};
    if (!token.trim()) next.token = t("validation.required");
    if (!number.trim()) next.number = t("validation.required");
    if (kind === "text" && !body.trim()) next.body = t("validation.required");
    if (kind === "media" && !file) next.file = t("validation.required");
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    setSending(true);
    try {
      if (kind === "text") await sendApiText({ token, number, body });
      else await sendApiMedia({ token, number, body, file: file! });
      toastSuccess(t("messagesApi.sent"));
      setBody("");
      setFile(null);
    } catch (error) {
      toastError(error);
    } finally {
      setSending(false);
    }
  };

  const prefix = `api-test-${kind}`;
  return (
    <Paper variant="outlined" sx={{ p: 2, flex: 1 }} component="form" onSubmit={(e) => void submit(e)} noValidate data-testid={`${prefix}-form`}>
      <Typography variant="h6" component="h2" gutterBottom>
        {kind === "text" ? t("messagesApi.testText") : t("messagesApi.testMedia")}
      </Typography>
      <Stack spacing={2}>
        <TextField
          size="small"
          label={t("messagesApi.token")}
          value={token}
          onChange={(e) => setToken(e.target.value)}
          error={Boolean(errors.token)}
          helperText={errors.token}
          slotProps={{ htmlInput: { autoComplete: "off", spellCheck: false, "data-testid": `${prefix}-token` } }}
        />
        <TextField
          size="small"
          label={t("messagesApi.number")}
          placeholder="5511987654321"
          value={number}
          onChange={(e) => setNumber(e.target.value)}
          error={Boolean(errors.number)}
          helperText={errors.number}
          slotProps={{ htmlInput: { inputMode: "tel", "data-testid": `${prefix}-number` } }}
        />
        <TextField
          size="small"
          multiline
          minRows={2}
          label={kind === "text" ? t("messagesApi.body") : t("messagesApi.caption")}
          value={body}
          onChange={(e) => setBody(e.target.value)}
          error={Boolean(errors.body)}
          helperText={errors.body}
          slotProps={{ htmlInput: { "data-testid": `${prefix}-body` } }}
        />
        {kind === "media" && (
          <Box>
            <Button variant="outlined" component="label" size="small">
              {t("messagesApi.chooseFile")}
              <input
                hidden
                type="file"
                accept="image/*,audio/*,video/*,application/pdf"
                onChange={(e) => setFile(e.target.files?.[0] ?? null)}
                data-testid={`${prefix}-file`}
              />
            </Button>
            <Typography variant="body2" component="span" sx={{ ml: 1 }} color={errors.file ? "error" : "text.secondary"} data-testid={`${prefix}-file-name`}>
              {file?.name ?? errors.file ?? t("messagesApi.noFile")}
            </Typography>
          </Box>
        )}
        <Box>
          <Button type="submit" variant="contained" disabled={sending} data-testid={`${prefix}-send`}>
            {t("messagesApi.send")}
          </Button>
        </Box>
      </Stack>
    </Paper>
  );
}

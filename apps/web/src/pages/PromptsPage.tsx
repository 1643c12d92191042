import { useState } from "react";
import { Alert, Button, IconButton, Link, Paper, Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from "@mui/material";
import Add from "@mui/icons-material/Add";
import DeleteOutlined from "@mui/icons-material/DeleteOutlined";
import Edit from "@mui/icons-material/Edit";
import { useQueryClient } from "@tanstack/react-query";
import { enqueueSnackbar } from "notistack";
import { Trans, useTranslation } from "react-i18next";
import { ADMIN_TOAST_MS, companyEvent, type PromptView } from "@atendo/shared";
import { PageHeader } from "../components/PageHeader.js";
import { EmptyState } from "../components/EmptyState.js";
import { ConfirmDialog } from "../components/ConfirmDialog.js";
import { useAuth } from "../features/auth/auth-context.js";
import { useSocketEvent } from "../features/realtime/socket-context.js";
import { promptKeys, useDeletePrompt, usePrompts } from "../features/prompts/api.js";
import { PromptDialog } from "../features/prompts/PromptDialog.js";

/** OpenAI's pages the banner points at (usage, billing, API keys). */
export const OPENAI_LINKS = {
  usage: "https://platform.openai.com/usage",
  billing: "https://platform.openai.com/settings/organization/billing/overview",
  keys: "https://platform.openai.com/api-keys",
} as const;

const external = (href: string) => <Link href={href} target="_blank" rel="noopener noreferrer" />;

/** Prompts page (administration section 2): the credit banner, the table and the modal; plan flag useOpenAi. */
export function PromptsPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const list = usePrompts();
  const remove = useDeletePrompt();
  const [dialogOpen, setDialogOpen] = useState(false);
  const [editing, setEditing] = useState<PromptView | undefined>();
  const [deleting, setDeleting] = useState<PromptView | null>(null);
  const prompts = list.data ?? [];

  // Another admin's create, update or delete (company-{id}-prompt).
  useSocketEvent(user ? companyEvent.prompt(user.companyId) : null, () => {
    void queryClient.invalidateQueries({ queryKey: promptKeys.all });
  });

  const openDialog = (prompt?: PromptView) => {
    setEditing(prompt);
    setDialogOpen(true);
  };

  return (
    <>
      <Alert severity="warning" sx={{ mb: 2 }} data-testid="prompts-banner">
        <Trans
          i18nKey="prompts.banner"
          components={{ usage: external(OPENAI_LINKS.usage), billing: external(OPENAI_LINKS.billing), keys: external(OPENAI_LINKS.keys) }}
        />
      </Alert>
      <PageHeader
        title={t("prompts.title")}
        actions={
          <Button variant="contained" startIcon={<Add />} onClick={() => openDialog()} data-testid="prompts-add">
            {t("prompts.add")}
          </Button>
        }
      />
      <Paper variant="outlined">
        <TableContainer data-testid="prompts-table">
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t("prompts.name")}</TableCell>
                <TableCell>{t("prompts.queue")}</TableCell>
                <TableCell align="center">{t("prompts.maxTokens")}</TableCell>
                <TableCell align="right">{t("common.actions")}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {prompts.map((prompt) => (
                <TableRow key={prompt.id} hover data-testid={`prompt-row-${prompt.id}`}>
                  <TableCell data-testid="prompt-row-name">{prompt.name}</TableCell>
                  <TableCell data-testid="prompt-row-queue">{prompt.queue?.name ?? "—"}</TableCell>
                  <TableCell align="center" data-testid="prompt-row-max-tokens">
                    {prompt.maxTokens}
                  </TableCell>
                  <TableCell align="right">
                    <IconButton size="small" aria-label={t("common.edit")} onClick={() => openDialog(prompt)} data-testid={`prompt-edit-${prompt.id}`}>
                      <Edit fontSize="small" />
                    </IconButton>
                    <IconButton size="small" aria-label={t("common.delete")} onClick={() => setDeleting(prompt)} data-testid={`prompt-delete-${prompt.id}`}>
                      <DeleteOutlined fontSize="small" />
                    </IconButton>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          {list.isSuccess && prompts.length === 0 && <EmptyState message={t("prompts.empty")} />}
        </TableContainer>
      </Paper>
      <PromptDialog open={dialogOpen} prompt={editing} onClose={() => setDialogOpen(false)} />
      <ConfirmDialog
        open={deleting !== null}
        title={t("prompts.deleteTitle", { name: deleting?.name ?? "" })}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          // The server answers a translation key, shown as info (spec 7).
          remove.mutate(deleting.id, {
            onSuccess: (data) => enqueueSnackbar(t(data.message), { variant: "info", autoHideDuration: ADMIN_TOAST_MS }),
          });
        }}
      />
    </>
  );
}

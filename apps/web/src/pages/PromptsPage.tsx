import { Alert, Link } from "@mui/material";
import { enqueueSnackbar } from "notistack";
import { Trans, useTranslation } from "react-i18next";
import { ADMIN_TOAST_MS, companyEvent, type PromptView } from "@atendo/shared";
import { CrudHeader, CrudTable, type CrudColumn } from "../components/CrudTable.js";
import { useRefreshOnCompanyEvent } from "../features/realtime/useRefreshOnCompanyEvent.js";
import { promptKeys, useDeletePrompt, usePrompts } from "../features/prompts/api.js";
import { PromptDialog } from "../features/prompts/PromptDialog.js";
import { useConfirmDelete, useEditDialog } from "../hooks/useCrudDialogs.js";

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
  const list = usePrompts();
  const remove = useDeletePrompt();
  const editor = useEditDialog<PromptView>();
  const confirmDelete = useConfirmDelete<PromptView>({
    title: (prompt) => t("prompts.deleteTitle", { name: prompt.name }),
    // The server answers a translation key, shown as info (spec 7).
    onConfirm: (prompt) =>
      remove.mutate(prompt.id, {
        onSuccess: (data) => enqueueSnackbar(t(data.message), { variant: "info", autoHideDuration: ADMIN_TOAST_MS }),
      }),
  });
  const prompts = list.data ?? [];

  // Another admin's create, update or delete (company-{id}-prompt).
  useRefreshOnCompanyEvent(companyEvent.prompt, promptKeys.all);

  const columns: CrudColumn<PromptView>[] = [
    { header: t("prompts.name"), testId: "prompt-row-name", cell: (prompt) => prompt.name },
    { header: t("prompts.queue"), testId: "prompt-row-queue", cell: (prompt) => prompt.queue?.name ?? "—" },
    { header: t("prompts.maxTokens"), align: "center", testId: "prompt-row-max-tokens", cell: (prompt) => prompt.maxTokens },
  ];

  return (
    <>
      <Alert severity="warning" sx={{ mb: 2 }} data-testid="prompts-banner">
        <Trans
          i18nKey="prompts.banner"
          components={{ usage: external(OPENAI_LINKS.usage), billing: external(OPENAI_LINKS.billing), keys: external(OPENAI_LINKS.keys) }}
        />
      </Alert>
      <CrudHeader title={t("prompts.title")} testId="prompts" addLabel={t("prompts.add")} onAdd={() => editor.show()} />
      {/* A short list under the banner: no sticky header. */}
      <CrudTable
        testId="prompts-table"
        rowTestId="prompt"
        columns={columns}
        rows={prompts}
        loaded={list.isSuccess}
        emptyMessage={t("prompts.empty")}
        onEdit={editor.show}
        onDelete={confirmDelete.ask}
        sticky={false}
      />
      <PromptDialog open={editor.open} prompt={editor.item} onClose={editor.close} />
      {confirmDelete.dialog}
    </>
  );
}

import { useMemo, useRef, useState } from "react";
import { Box, Button } from "@mui/material";
import UploadFile from "@mui/icons-material/UploadFile";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { companyEvent, type ContactEventPayload, type GroupContactView } from "@atendo/shared";
import { PageHeader } from "../components/PageHeader.js";
import { SearchField } from "../components/SearchField.js";
import { EmptyState } from "../components/EmptyState.js";
import { ConfirmDialog } from "../components/ConfirmDialog.js";
import { useAuth } from "../features/auth/auth-context.js";
import { useSocketEvent } from "../features/realtime/socket-context.js";
import { toastError, toastErrorText, toastSuccess } from "../features/errors/toast.js";
import { ContactDialog } from "../features/contacts/ContactDialog.js";
import { useUploadContacts } from "../features/contacts/api.js";
import { applyGroupContactEvent, useDeleteGroup, useGroupContacts, useUpdateGroup } from "../features/transcribe/api.js";
import { GroupCard } from "../features/transcribe/GroupCard.js";
import { SummaryPanel } from "../features/transcribe/SummaryPanel.js";
import { useDebouncedValue } from "../hooks/useDebouncedValue.js";
import { useNearBottom } from "../hooks/useNearBottom.js";

const IMPORT_EXTENSIONS = [".xls", ".xlsx"];

/**
 * Transcribe page (administration sections 2, 4 and 5): cards of group contacts only with the transcription and
 * daily-summary switches, the summary configuration panel, editing and deleting the contact, and a spreadsheet
 * import. Changes by others arrive through `company-{id}-contact`.
 */
export function TranscribePage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState("");
  const searchParam = useDebouncedValue(search.trim().toLowerCase());
  const list = useGroupContacts(searchParam);
  const update = useUpdateGroup();
  const remove = useDeleteGroup();
  const upload = useUploadContacts();
  const fileInput = useRef<HTMLInputElement>(null);
  const [panel, setPanel] = useState<{ group: GroupContactView; enable: boolean } | null>(null);
  const [editing, setEditing] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<GroupContactView | null>(null);

  const groups = useMemo(() => {
    const byId = new Map<number, GroupContactView>();
    for (const page of list.data?.pages ?? []) for (const g of page.contacts) byId.set(g.id, g);
    return [...byId.values()];
  }, [list.data]);
  const count = list.data?.pages[0]?.count ?? 0;
  const onScroll = useNearBottom(list);

  useSocketEvent<ContactEventPayload>(user ? companyEvent.contact(user.companyId) : null, (payload) => applyGroupContactEvent(queryClient, payload));

  const toggleTranscription = (group: GroupContactView, on: boolean) =>
    update.mutate({ id: group.id, activetranscribe: on }, { onSuccess: () => toastSuccess(t("transcribe.toggled")), onError: toastError });

  const toggleSummary = (group: GroupContactView, on: boolean) => {
    // Turning it on needs a complete configuration: the panel asks for what is missing and turns it on with the save.
    if (on && !(group.resumeprovider && group.resumemodel && group.hasResumeKey && group.timeresume)) return setPanel({ group, enable: true });
    update.mutate({ id: group.id, resumegroup: on }, { onSuccess: () => toastSuccess(t("transcribe.summarySaved")), onError: toastError });
  };

  const importFile = (file: File | undefined) => {
    if (!file) return;
    if (!IMPORT_EXTENSIONS.some((ext) => file.name.toLowerCase().endsWith(ext))) return toastErrorText(t("transcribe.importOnly"));
    upload.mutate(file, { onSuccess: () => toastSuccess(t("transcribe.uploaded")), onError: toastError });
  };

  return (
    <>
      <PageHeader
        title={t("transcribe.title", { count })}
        actions={
          <>
            <SearchField placeholder={t("transcribe.search")} value={search} onChange={setSearch} data-testid="transcribe-search" />
            <Button variant="outlined" startIcon={<UploadFile />} onClick={() => fileInput.current?.click()} disabled={upload.isPending} data-testid="transcribe-import">
              {t("transcribe.import")}
            </Button>
            <input
              ref={fileInput}
              type="file"
              hidden
              accept={IMPORT_EXTENSIONS.join(",")}
              data-testid="transcribe-import-input"
              onChange={(e) => {
                importFile(e.target.files?.[0]);
                e.target.value = "";
              }}
            />
          </>
        }
      />
      <Box onScroll={onScroll} sx={{ maxHeight: "calc(100vh - 200px)", overflowY: "auto" }} data-testid="transcribe-list">
        <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: "repeat(auto-fill, minmax(280px, 1fr))" }}>
          {groups.map((group) => (
            <GroupCard
              key={group.id}
              group={group}
              busy={update.isPending && update.variables?.id === group.id}
              onTranscription={(on) => toggleTranscription(group, on)}
              onSummary={(on) => toggleSummary(group, on)}
              onConfigure={() => setPanel({ group, enable: false })}
              onEdit={() => setEditing(group.id)}
              onDelete={() => setDeleting(group)}
            />
          ))}
        </Box>
        {list.isSuccess && groups.length === 0 && <EmptyState message={t("transcribe.empty")} />}
      </Box>
      <SummaryPanel group={panel?.group ?? null} enable={panel?.enable ?? false} onClose={() => setPanel(null)} />
      <ContactDialog open={editing !== null} contactId={editing ?? undefined} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title={t("transcribe.deleteTitle", { name: deleting?.name ?? "" })}
        message={t("transcribe.deleteMessage")}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, { onSuccess: () => toastSuccess(t("transcribe.deleted")), onError: toastError });
        }}
      />
    </>
  );
}

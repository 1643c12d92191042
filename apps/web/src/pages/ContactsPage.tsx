import { useMemo, useRef, useState, type ChangeEvent } from "react";
import {
  Alert,
  Button,
  CircularProgress,
  IconButton,
  LinearProgress,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from "@mui/material";
import Add from "@mui/icons-material/Add";
import DeleteOutlined from "@mui/icons-material/DeleteOutlined";
import Edit from "@mui/icons-material/Edit";
import UploadFile from "@mui/icons-material/UploadFile";
import PhoneAndroid from "@mui/icons-material/PhoneAndroid";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { companyEvent, CONTACT_IMPORT_EXTENSIONS, formatNumber, type ContactEventPayload, type ContactView } from "@atendo/shared";
import { Can } from "../components/Can.js";
import { ConfirmDialog } from "../components/ConfirmDialog.js";
import { EmptyState } from "../components/EmptyState.js";
import { PageHeader } from "../components/PageHeader.js";
import { SearchField } from "../components/SearchField.js";
import { useAuth } from "../features/auth/auth-context.js";
import { toastSuccess } from "../features/errors/toast.js";
import { useSocketEvent } from "../features/realtime/socket-context.js";
import { ContactDialog } from "../features/contacts/ContactDialog.js";
import { ContactImportDialog } from "../features/contacts/ContactImportDialog.js";
import { applyContactEvent, useContactsList, useDeleteContact, useImportPhoneContacts, useUploadContacts } from "../features/contacts/api.js";
import { NewTicketDialog } from "../features/tickets/NewTicketDialog.js";
import { useStartContactTicket } from "../features/tickets/useStartContactTicket.js";
import { useDebouncedValue } from "../hooks/useDebouncedValue.js";
import { useNearBottom } from "../hooks/useNearBottom.js";

/**
 * Contacts page (core-service section 2): searchable infinite-scroll table, contact dialog, spreadsheet import and
 * deletion by permission. A click on a row starts (or finds) the contact's ticket and opens it (/tickets/{uuid});
 * the edit button opens the contact.
 */
export function ContactsPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState("");
  // Sent 500 ms after typing stops (section 9).
  const searchParam = useDebouncedValue(search.trim());
  const list = useContactsList(searchParam);
  const remove = useDeleteContact();
  const upload = useUploadContacts();
  const phoneImport = useImportPhoneContacts();
  const fileInput = useRef<HTMLInputElement>(null);
  const [dialog, setDialog] = useState<{ open: boolean; contactId?: number }>({ open: false });
  const [deleting, setDeleting] = useState<ContactView | null>(null);
  const [importId, setImportId] = useState<number | undefined>();
  const ticket = useStartContactTicket();

  const contacts = useMemo(() => list.data?.pages.flatMap((page) => page.contacts) ?? [], [list.data]);
  const onScroll = useNearBottom(list);

  useSocketEvent<ContactEventPayload>(user ? companyEvent.contact(user.companyId) : null, (event) => applyContactEvent(queryClient, event));

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file may be chosen again after fixing it.
    event.target.value = "";
    if (file) upload.mutate(file, { onSuccess: (started) => setImportId(started.id) });
  };

  return (
    <>
      <PageHeader
        title={t("contacts.title")}
        actions={
          <>
            <SearchField placeholder={t("contacts.searchPlaceholder")} value={search} onChange={setSearch} data-testid="contacts-search" />
            <Tooltip title={t("contacts.importHint")}>
              <span>
                <Button
                  variant="outlined"
                  startIcon={<UploadFile />}
                  onClick={() => fileInput.current?.click()}
                  disabled={upload.isPending}
                  data-testid="contacts-import"
                >
                  {t("contacts.import")}
                </Button>
              </span>
            </Tooltip>
            <input ref={fileInput} type="file" hidden accept={CONTACT_IMPORT_EXTENSIONS.join(",")} onChange={onFile} data-testid="contacts-import-input" />
            <Tooltip title={t("contacts.importPhoneHint")}>
              <span>
                <Button
                  variant="outlined"
                  startIcon={phoneImport.isPending ? <CircularProgress size={16} color="inherit" /> : <PhoneAndroid />}
                  disabled={phoneImport.isPending}
                  onClick={() => phoneImport.mutate()}
                  data-testid="contacts-import-phone"
                >
                  {phoneImport.isPending ? t("contacts.importPhoneRunning") : t("contacts.importPhone")}
                </Button>
              </span>
            </Tooltip>
            <Button variant="contained" startIcon={<Add />} onClick={() => setDialog({ open: true })} data-testid="contacts-add">
              {t("contacts.add")}
            </Button>
          </>
        }
      />
      {/* The phone's address book can take a while: say so while it runs, and what came in when it ends. */}
      {phoneImport.isPending && (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="contacts-import-phone-running">
          {t("contacts.importPhoneProgress")}
          <LinearProgress sx={{ mt: 1 }} />
        </Alert>
      )}
      {phoneImport.isSuccess && (
        <Alert severity="success" sx={{ mb: 2 }} onClose={() => phoneImport.reset()} data-testid="contacts-import-phone-result">
          {t("contacts.importPhoneDone", { count: phoneImport.data.created + phoneImport.data.updated, ...phoneImport.data })}
          {phoneImport.data.skipped > 0 ? ` ${t("contacts.importPhoneSkipped", { count: phoneImport.data.skipped })}` : ""}
        </Alert>
      )}
      <Paper variant="outlined">
        <TableContainer sx={{ maxHeight: "calc(100vh - 200px)" }} onScroll={onScroll} data-testid="contacts-table">
          <Table stickyHeader size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t("contacts.fields.name")}</TableCell>
                <TableCell>{t("contacts.fields.number")}</TableCell>
                <TableCell>{t("contacts.fields.email")}</TableCell>
                <TableCell align="right">{t("common.actions")}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {contacts.map((contact) => (
                <TableRow
                  key={contact.id}
                  hover
                  // A contact without a number cannot start a WhatsApp chat (core-service section 5).
                  sx={{ cursor: contact.canChat === false ? "default" : "pointer" }}
                  onClick={() => {
                    if (contact.canChat !== false && !ticket.starting) ticket.start(contact);
                  }}
                  data-testid={`contact-row-${contact.id}`}
                >
                  <TableCell data-testid="contact-cell-name">{contact.name}</TableCell>
                  <TableCell data-testid="contact-cell-number">
                    {contact.canChat === false ? (
                      <Typography variant="body2" color="text.secondary" data-testid={`contact-no-number-${contact.id}`}>
                        {t("contacts.noNumber")}
                      </Typography>
                    ) : (
                      formatNumber(contact.number)
                    )}
                  </TableCell>
                  <TableCell>{contact.email}</TableCell>
                  <TableCell align="right" onClick={(event) => event.stopPropagation()}>
                    <IconButton
                      size="small"
                      aria-label={t("common.edit")}
                      onClick={() => setDialog({ open: true, contactId: contact.id })}
                      data-testid={`contact-edit-${contact.id}`}
                    >
                      <Edit fontSize="small" />
                    </IconButton>
                    <Can perform="contacts-page:deleteContact">
                      <IconButton size="small" aria-label={t("common.delete")} onClick={() => setDeleting(contact)} data-testid={`contact-delete-${contact.id}`}>
                        <DeleteOutlined fontSize="small" />
                      </IconButton>
                    </Can>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          {list.isSuccess && contacts.length === 0 && <EmptyState message={t("contacts.empty")} />}
        </TableContainer>
      </Paper>
      <ContactDialog open={dialog.open} contactId={dialog.contactId} onClose={() => setDialog({ open: false })} />
      <NewTicketDialog open={ticket.dialogContact !== null} contact={ticket.dialogContact} onClose={ticket.closeDialog} />
      <ContactImportDialog importId={importId} onClose={() => setImportId(undefined)} />
      <ConfirmDialog
        open={deleting !== null}
        title={t("contacts.deleteTitle", { name: deleting?.name ?? "" })}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, { onSuccess: () => toastSuccess(t("contacts.deleted")) });
        }}
      />
    </>
  );
}

import { useEffect, useRef, useState } from "react";
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Stack,
  TextField,
  Typography,
} from "@mui/material";
import Add from "@mui/icons-material/Add";
import DeleteOutlined from "@mui/icons-material/DeleteOutlined";
import { useFieldArray, useForm, type Resolver } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { contactCreateSchema, contactUpdateSchema, type ContactDetailView } from "@atendo/shared";
import { toastError, toastSuccess, toastWarning } from "../errors/toast.js";
import { applyFieldErrors } from "../../lib/form-errors.js";
import { useContact, useCreateContact, useUpdateContact } from "./api.js";

type FormInput = z.input<typeof contactUpdateSchema>;
type FormOutput = z.output<typeof contactUpdateSchema>;
const EMPTY: FormInput = { name: "", number: "", email: "", extraInfo: [] };
const FIELDS = ["name", "number", "email"] as const;

interface Props {
  open: boolean;
  /** The contact to edit; absent to add one. */
  contactId?: number;
  onClose: () => void;
}

/** Contact create/edit dialog (core-service section 5): name, number, e-mail and extra info rows. */
export function ContactDialog({ open, contactId, onClose }: Props) {
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" data-testid="contact-dialog">
      {/* Mounted per opening, so every opening starts from the contact (or an empty form). */}
      {open && <ContactForm contactId={contactId} onClose={onClose} />}
    </Dialog>
  );
}

function ContactForm({ contactId, onClose }: Omit<Props, "open">) {
  const { t } = useTranslation();
  // The form may switch to the contact that already has the typed number.
  const [editingId, setEditingId] = useState<number | undefined>(contactId);
  const [existing, setExisting] = useState<ContactDetailView | null>(null);
  const editing = useRef(editingId);
  editing.current = editingId;
  const contact = useContact(editingId);
  const create = useCreateContact();
  const update = useUpdateContact();
  const form = useForm<FormInput, unknown, FormOutput>({
    // The number is optional on a new contact (core spec); an edit may clear it only where the server allows.
    resolver: (values, context, options) =>
      (zodResolver(editing.current ? contactUpdateSchema : contactCreateSchema) as Resolver<FormInput, unknown, FormOutput>)(values, context, options),
    defaultValues: EMPTY,
  });
  const extraInfo = useFieldArray({ control: form.control, name: "extraInfo" });
  const { errors, isSubmitting } = form.formState;
  const { reset } = form;

  const loaded = contact.data;
  useEffect(() => {
    if (loaded && loaded.id === editingId) {
      reset({ name: loaded.name, number: loaded.number, email: loaded.email, extraInfo: loaded.extraInfo.map(({ name, value }) => ({ name, value })) });
    }
  }, [editingId, loaded, reset]);

  const onSubmit = form.handleSubmit(async (values) => {
    const input = { ...values, extraInfo: values.extraInfo.map(({ name, value }) => ({ name, value })) };
    try {
      if (editingId) {
        await update.mutateAsync({ id: editingId, input });
      } else {
        const result = await create.mutateAsync(input);
        if (result.alreadyExists) {
          setExisting(result.existingContact);
          return;
        }
        if (result.invalido) toastWarning(t("contacts.notOnWhatsApp"));
      }
      toastSuccess(t("contacts.saved"));
      onClose();
    } catch (error) {
      if (!applyFieldErrors(error, form.setError, FIELDS)) toastError(error);
    }
  });

  const openExisting = () => {
    if (!existing) return;
    setEditingId(existing.id);
    setExisting(null);
  };
  const message = (m: string | undefined) => (m ? t(m) : undefined);
  const loading = editingId !== undefined && contact.isPending;

  return (
    <form onSubmit={onSubmit} noValidate>
        <DialogTitle>{editingId ? t("contacts.edit") : t("contacts.add")}</DialogTitle>
        <DialogContent>
          {loading ? (
            <Box sx={{ display: "flex", justifyContent: "center", py: 4 }}>
              <CircularProgress />
            </Box>
          ) : (
            <Stack spacing={2} sx={{ pt: 1 }}>
              {existing && (
                <Alert
                  severity="info"
                  data-testid="contact-exists"
                  action={
                    <Button color="inherit" size="small" onClick={openExisting} data-testid="contact-open-existing">
                      {t("contacts.openExisting")}
                    </Button>
                  }
                >
                  {t("contacts.exists", { name: existing.name })}
                </Alert>
              )}
              <TextField
                label={t("contacts.fields.name")}
                autoFocus
                {...form.register("name")}
                error={Boolean(errors.name)}
                helperText={message(errors.name?.message)}
                data-testid="contact-name"
              />
              <TextField
                label={t("contacts.fields.number")}
                {...form.register("number")}
                error={Boolean(errors.number)}
                helperText={message(errors.number?.message) ?? t("contacts.numberHint")}
                slotProps={{ htmlInput: { inputMode: "tel" } }}
                data-testid="contact-number"
              />
              <TextField
                label={t("contacts.fields.email")}
                type="email"
                {...form.register("email")}
                error={Boolean(errors.email)}
                helperText={message(errors.email?.message)}
                data-testid="contact-email"
              />
              <Typography variant="subtitle2">{t("contacts.fields.extraInfo")}</Typography>
              {extraInfo.fields.map((field, index) => (
                <Stack key={field.id} direction="row" spacing={1} sx={{ alignItems: "flex-start" }} data-testid={`contact-extra-${index}`}>
                  <TextField
                    size="small"
                    label={t("contacts.extra.name")}
                    {...form.register(`extraInfo.${index}.name`)}
                    error={Boolean(errors.extraInfo?.[index]?.name)}
                    helperText={message(errors.extraInfo?.[index]?.name?.message)}
                    sx={{ flex: 1 }}
                    data-testid={`contact-extra-name-${index}`}
                  />
                  <TextField
                    size="small"
                    label={t("contacts.extra.value")}
                    {...form.register(`extraInfo.${index}.value`)}
                    error={Boolean(errors.extraInfo?.[index]?.value)}
                    helperText={message(errors.extraInfo?.[index]?.value?.message)}
                    sx={{ flex: 2 }}
                    data-testid={`contact-extra-value-${index}`}
                  />
                  <IconButton aria-label={t("contacts.extra.remove")} onClick={() => extraInfo.remove(index)} data-testid={`contact-extra-remove-${index}`}>
                    <DeleteOutlined />
                  </IconButton>
                </Stack>
              ))}
              <Box>
                <Button startIcon={<Add />} onClick={() => extraInfo.append({ name: "", value: "" })} data-testid="contact-extra-add">
                  {t("contacts.extra.add")}
                </Button>
              </Box>
            </Stack>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t("common.cancel")}</Button>
          <Button type="submit" variant="contained" disabled={isSubmitting || loading} data-testid="contact-save">
            {t("common.save")}
          </Button>
        </DialogActions>
    </form>
  );
}

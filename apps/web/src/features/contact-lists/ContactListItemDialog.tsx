import { useEffect } from "react";
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from "@mui/material";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { contactListItemUpdateSchema, type ContactListItemView } from "@atendo/shared";
import { errorCodeOf } from "../auth/api-client.js";
import { toastError, toastSuccess } from "../errors/toast.js";
import { applyFieldErrors } from "../../lib/form-errors.js";
import { useSaveContactListItem } from "./api.js";

const formSchema = contactListItemUpdateSchema.pick({ name: true, number: true, email: true });
type FormValues = z.input<typeof formSchema>;

interface Props {
  open: boolean;
  contactListId: number;
  /** The item to edit; absent to add one. */
  item?: ContactListItemView;
  onClose: () => void;
}

/** List item dialog (administration section 5): name 2 to 50, number 8 to 50, a valid e-mail or none. */
export function ContactListItemDialog({ open, contactListId, item, onClose }: Props) {
  const { t } = useTranslation();
  const save = useSaveContactListItem();
  const form = useForm<FormValues, unknown, z.output<typeof formSchema>>({
    resolver: zodResolver(formSchema),
    defaultValues: { name: "", number: "", email: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const { reset } = form;

  useEffect(() => {
    if (open) reset({ name: item?.name ?? "", number: item?.number ?? "", email: item?.email ?? "" });
  }, [open, item, reset]);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ id: item?.id, input: { ...values, contactListId } });
      toastSuccess(t("contactLists.items.saved"));
      onClose();
    } catch (error) {
      if (errorCodeOf(error) === "ERR_DUPLICATED_CONTACT") form.setError("number", { message: "contactLists.items.duplicate" });
      else if (!applyFieldErrors(error, form.setError, ["name", "number", "email"])) toastError(error);
    }
  });
  const message = (m: string | undefined) => (m ? t(m) : undefined);

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="contact-list-item-dialog-title" data-testid="contact-list-item-dialog">
      <form onSubmit={onSubmit} noValidate>
        <DialogTitle id="contact-list-item-dialog-title">{item ? t("contactLists.items.edit") : t("contactLists.items.add")}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              label={t("contactLists.items.name")}
              autoFocus
              {...form.register("name")}
              error={Boolean(errors.name)}
              helperText={message(errors.name?.message)}
              data-testid="contact-list-item-name"
            />
            <TextField
              label={t("contactLists.items.number")}
              placeholder="5511987654321"
              {...form.register("number")}
              error={Boolean(errors.number)}
              helperText={message(errors.number?.message)}
              data-testid="contact-list-item-number"
            />
            <TextField
              label={t("contactLists.items.email")}
              type="email"
              {...form.register("email")}
              error={Boolean(errors.email)}
              helperText={message(errors.email?.message)}
              data-testid="contact-list-item-email"
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t("common.cancel")}</Button>
          <Button type="submit" variant="contained" disabled={isSubmitting} data-testid="contact-list-item-save">
            {t("common.save")}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

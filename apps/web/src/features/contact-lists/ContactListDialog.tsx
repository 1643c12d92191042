import { useEffect } from "react";
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from "@mui/material";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { contactListSchema, type ContactListView } from "@atendo/shared";
import { toastError, toastSuccess } from "../errors/toast.js";
import { applyFieldErrors } from "../../lib/form-errors.js";
import { useSaveContactList } from "./api.js";

type FormValues = z.input<typeof contactListSchema>;

interface Props {
  open: boolean;
  /** The list to rename; absent to add one. */
  list?: ContactListView;
  onClose: () => void;
}

/** Contact list dialog (administration section 5): the name, 2 to 50. */
export function ContactListDialog({ open, list, onClose }: Props) {
  const { t } = useTranslation();
  const save = useSaveContactList();
  const form = useForm<FormValues, unknown, z.output<typeof contactListSchema>>({
    resolver: zodResolver(contactListSchema),
    defaultValues: { name: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const { reset } = form;

  useEffect(() => {
    if (open) reset({ name: list?.name ?? "" });
  }, [open, list, reset]);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ id: list?.id, input: values });
      toastSuccess(t("contactLists.saved"));
      onClose();
    } catch (error) {
      if (!applyFieldErrors(error, form.setError, ["name"])) toastError(error);
    }
  });

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="contact-list-dialog-title" data-testid="contact-list-dialog">
      <form onSubmit={onSubmit} noValidate>
        <DialogTitle id="contact-list-dialog-title">{list ? t("contactLists.edit") : t("contactLists.add")}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              label={t("contactLists.name")}
              autoFocus
              {...form.register("name")}
              error={Boolean(errors.name)}
              helperText={errors.name?.message ? t(errors.name.message) : undefined}
              data-testid="contact-list-name"
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t("common.cancel")}</Button>
          <Button type="submit" variant="contained" disabled={isSubmitting} data-testid="contact-list-save">
            {t("common.save")}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

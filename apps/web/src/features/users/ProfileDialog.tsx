import { useEffect } from "react";
import { Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from "@mui/material";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { userUpdateSchema } from "@atendo/shared";
import { useAuth } from "../auth/auth-context.js";
import { toastError, toastSuccess } from "../errors/toast.js";
import { applyFieldErrors } from "../../lib/form-errors.js";
import { useUpdateUser, useUser } from "./api.js";

const profileSchema = userUpdateSchema.pick({ name: true, email: true, password: true });
type ProfileInput = z.input<typeof profileSchema>;
type ProfileOutput = z.output<typeof profileSchema>;

interface Props {
  userId: number;
  open: boolean;
  onClose: () => void;
}

/** The signed-in user edits their own name, e-mail and password (GET/PUT /users/{id}). */
export function ProfileDialog({ userId, open, onClose }: Props) {
  const { t } = useTranslation();
  const { refreshUser } = useAuth();
  const user = useUser(userId, open);
  const update = useUpdateUser(userId);
  const form = useForm<ProfileInput, unknown, ProfileOutput>({
    resolver: zodResolver(profileSchema),
    defaultValues: { name: "", email: "", password: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const { reset } = form;

  // Fill the form each time the dialog opens with the stored values.
  useEffect(() => {
    if (open && user.data) reset({ name: user.data.name, email: user.data.email, password: "" });
  }, [open, user.data, reset]);

  const onSubmit = form.handleSubmit(async ({ name, email, password }) => {
    try {
      await update.mutateAsync({ name, email, ...(password ? { password } : {}) });
      toastSuccess(t("profile.saved"));
      await refreshUser().catch(() => undefined);
      onClose();
    } catch (error) {
      if (!applyFieldErrors(error, form.setError, ["name", "email", "password"])) toastError(error);
    }
  });

  const fieldError = (message: string | undefined) => (message ? t(message) : undefined);

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" data-testid="profile-dialog">
      <form onSubmit={onSubmit} noValidate>
        <DialogTitle>{t("profile.title")}</DialogTitle>
        <DialogContent>
          {user.isPending ? (
            <Stack sx={{ alignItems: "center", py: 4 }}>
              <CircularProgress aria-label={t("common.loading")} />
            </Stack>
          ) : (
            <Stack spacing={2} sx={{ pt: 1 }}>
              <TextField
                label={t("profile.name")}
                autoComplete="name"
                {...form.register("name")}
                error={Boolean(errors.name)}
                helperText={fieldError(errors.name?.message)}
                data-testid="profile-name"
              />
              <TextField
                label={t("profile.email")}
                type="email"
                autoComplete="email"
                {...form.register("email")}
                error={Boolean(errors.email)}
                helperText={fieldError(errors.email?.message)}
                data-testid="profile-email"
              />
              <TextField
                label={t("profile.password")}
                type="password"
                autoComplete="new-password"
                {...form.register("password")}
                error={Boolean(errors.password)}
                helperText={fieldError(errors.password?.message) ?? t("profile.passwordHelp")}
                data-testid="profile-password"
              />
            </Stack>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t("common.cancel")}</Button>
          <Button
            type="submit"
            variant="contained"
            disabled={isSubmitting || user.isPending}
            data-testid="profile-save"
          >
            {t("common.save")}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

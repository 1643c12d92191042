import { useEffect } from "react";
import {
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
} from "@mui/material";
import { Controller, useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { ALL_TICKET_VALUES, PROFILES, userCreateSchema, userUpdateSchema, type UserView } from "@atendo/shared";
import { useCan } from "../auth/useCan.js";
import { toastError, toastSuccess } from "../errors/toast.js";
import { applyFieldErrors } from "../../lib/form-errors.js";
import { useCreateUser, useQueueOptions, useSaveUser } from "./api.js";
import { useConnections } from "../connections/api.js";

// One form for both: the password is required only when creating (core-service section 5).
const createForm = userCreateSchema.required({ profile: true, allTicket: true, queueIds: true, whatsappId: true });
const editForm = userUpdateSchema.required({ profile: true, allTicket: true, queueIds: true, whatsappId: true }).extend({
  password: z.union([z.literal(""), userCreateSchema.shape.password]),
});
type FormInput = z.input<typeof editForm>;
type FormOutput = z.output<typeof editForm>;

const FIELDS = ["name", "email", "password", "profile", "allTicket", "queueIds", "whatsappId"] as const;

interface Props {
  open: boolean;
  /** The user to edit; absent to add one. */
  user?: UserView;
  onClose: () => void;
}

export function UserDialog({ open, user, onClose }: Props) {
  const { t } = useTranslation();
  const canEditProfile = useCan("user-modal:editProfile");
  const canEditQueues = useCan("user-modal:editQueues");
  const queues = useQueueOptions(open && canEditQueues);
  const connections = useConnections(open && canEditProfile);
  const create = useCreateUser();
  const save = useSaveUser(user?.id ?? 0);
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(user ? editForm : createForm) as never,
    defaultValues: { name: "", email: "", password: "", profile: "user", allTicket: "desabled", queueIds: [], whatsappId: null },
  });
  const { errors, isSubmitting } = form.formState;
  const { reset } = form;

  useEffect(() => {
    if (!open) return;
    reset(
      user
        ? { name: user.name, email: user.email, password: "", profile: user.profile, allTicket: user.allTicket, queueIds: user.queues.map((q) => q.id), whatsappId: user.whatsappId }
        : { name: "", email: "", password: "", profile: "user", allTicket: "desabled", queueIds: [], whatsappId: null },
    );
  }, [open, user, reset]);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const { password, ...rest } = values;
      if (user) await save.mutateAsync({ ...rest, ...(password ? { password } : {}) });
      else await create.mutateAsync({ ...rest, password });
      toastSuccess(t("users.saved"), { admin: true });
      onClose();
    } catch (error) {
      if (!applyFieldErrors(error, form.setError, FIELDS)) toastError(error);
    }
  });
  const message = (m: string | undefined) => (m ? t(m) : undefined);

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" data-testid="user-dialog">
      <form onSubmit={onSubmit} noValidate>
        <DialogTitle>{user ? t("users.edit") : t("users.add")}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField label={t("users.name")} {...form.register("name")} error={Boolean(errors.name)} helperText={message(errors.name?.message)} data-testid="user-name" />
            <TextField label={t("users.email")} type="email" {...form.register("email")} error={Boolean(errors.email)} helperText={message(errors.email?.message)} data-testid="user-email" />
            <TextField
              label={user ? t("users.passwordOptional") : t("users.password")}
              type="password"
              autoComplete="new-password"
              {...form.register("password")}
              error={Boolean(errors.password)}
              helperText={message(errors.password?.message)}
              data-testid="user-password"
            />
            {canEditProfile && (
              <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
                <Controller
                  name="profile"
                  control={form.control}
                  render={({ field }) => (
                    <TextField select fullWidth label={t("users.profile")} {...field} data-testid="user-profile">
                      {PROFILES.map((p) => (
                        <MenuItem key={p} value={p} data-testid={`user-profile-${p}`}>
                          {t(`users.profiles.${p}`)}
                        </MenuItem>
                      ))}
                    </TextField>
                  )}
                />
                <Controller
                  name="allTicket"
                  control={form.control}
                  render={({ field }) => (
                    <TextField select fullWidth label={t("users.allTicket")} {...field} data-testid="user-allticket">
                      {ALL_TICKET_VALUES.map((v) => (
                        <MenuItem key={v} value={v}>
                          {t(`users.allTicketOptions.${v}`)}
                        </MenuItem>
                      ))}
                    </TextField>
                  )}
                />
              </Stack>
            )}
            {canEditProfile && (
              <Controller
                name="whatsappId"
                control={form.control}
                render={({ field }) => (
                  <TextField
                    select
                    label={t("users.connection")}
                    value={field.value ?? ""}
                    onChange={(e) => field.onChange(e.target.value === "" ? null : Number(e.target.value))}
                    error={Boolean(errors.whatsappId)}
                    helperText={message(errors.whatsappId?.message)}
                    data-testid="user-connection"
                  >
                    <MenuItem value="">{t("users.noConnection")}</MenuItem>
                    {(connections.data ?? []).map((c) => (
                      <MenuItem key={c.id} value={c.id} data-testid={`user-connection-option-${c.id}`}>
                        {c.name}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
            )}
            {canEditQueues && (
              <Controller
                name="queueIds"
                control={form.control}
                render={({ field }) => (
                  <TextField
                    select
                    label={t("users.queues")}
                    value={field.value ?? []}
                    onChange={(e) => field.onChange(e.target.value as unknown as number[])}
                    slotProps={{
                      select: {
                        multiple: true,
                        renderValue: (selected) => (
                          <Stack direction="row" spacing={0.5} sx={{ flexWrap: "wrap" }}>
                            {(selected as number[]).map((id) => {
                              const q = queues.data?.find((x) => x.id === id);
                              return <Chip key={id} size="small" label={q?.name ?? id} sx={{ bgcolor: q?.color, color: "#fff" }} />;
                            })}
                          </Stack>
                        ),
                      },
                    }}
                    data-testid="user-queues"
                  >
                    {(queues.data ?? []).map((q) => (
                      <MenuItem key={q.id} value={q.id} data-testid={`user-queue-option-${q.id}`}>
                        {q.name}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t("common.cancel")}</Button>
          <Button type="submit" variant="contained" disabled={isSubmitting} data-testid="user-save">
            {t("common.save")}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

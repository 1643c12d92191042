import { useEffect, useState } from "react";
import {
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  ListItemText,
  MenuItem,
  Stack,
  Switch,
  TextField,
} from "@mui/material";
import { useTranslation } from "react-i18next";
import { toastError } from "../errors/toast.js";
import { useCreateSimulatorContact } from "./api.js";
import type { SimulatorContact } from "./types.js";

interface Props {
  open: boolean;
  whatsappId: number;
  contacts: SimulatorContact[];
  onClose: () => void;
  onCreated: (contact: SimulatorContact) => void;
}

/** A new virtual customer, or a group of existing customers. */
export function CustomerDialog({ open, whatsappId, contacts, onClose, onCreated }: Props) {
  const { t } = useTranslation();
  const create = useCreateSimulatorContact(whatsappId);
  const [name, setName] = useState("");
  const [number, setNumber] = useState("");
  const [isGroup, setIsGroup] = useState(false);
  const [members, setMembers] = useState<string[]>([]);
  const [errors, setErrors] = useState<{ name?: string; number?: string; members?: string }>({});
  const people = contacts.filter((c) => !c.isGroup);

  useEffect(() => {
    if (!open) return;
    setName("");
    setNumber("");
    setIsGroup(false);
    setMembers([]);
    setErrors({});
  }, [open]);

  const submit = async () => {
    const digits = isGroup ? number.trim() : number.replace(/\D/g, "");
    const found: typeof errors = {};
    if (name.trim().length < 2) found.name = t("validation.tooShort");
    if (name.trim().length > 50) found.name = t("validation.tooLong");
    // A group may leave its id to the server.
    if (isGroup ? digits !== "" && !/^\d{5,20}(-\d{1,20})?$/.test(digits) : digits.length < 8 || digits.length > 15) {
      found.number = t("validation.invalidNumber");
    }
    if (isGroup && members.length === 0) found.members = t("simulator.membersRequired");
    setErrors(found);
    if (Object.keys(found).length) return;
    try {
      const created = await create.mutateAsync({
        name: name.trim(),
        ...(digits ? { number: digits } : {}),
        ...(isGroup ? { isGroup: true, members } : {}),
      });
      if (created) onCreated(created);
      onClose();
    } catch (error) {
      toastError(error);
    }
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" data-testid="simulator-customer-dialog">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <DialogTitle>{isGroup ? t("simulator.newGroup") : t("simulator.newCustomer")}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <FormControlLabel
              control={
                <Switch
                  checked={isGroup}
                  onChange={(e) => {
                    setIsGroup(e.target.checked);
                    setNumber("");
                  }}
                  slotProps={{ input: { "data-testid": "simulator-customer-group" } as object }}
                />
              }
              label={t("simulator.isGroup")}
            />
            <TextField
              label={isGroup ? t("simulator.groupName") : t("simulator.customerName")}
              value={name}
              onChange={(e) => setName(e.target.value)}
              error={Boolean(errors.name)}
              helperText={errors.name}
              autoFocus
              data-testid="simulator-customer-name"
            />
            <TextField
              label={isGroup ? t("simulator.groupId") : t("simulator.customerNumber")}
              value={number}
              onChange={(e) => setNumber(e.target.value)}
              error={Boolean(errors.number)}
              helperText={errors.number ?? (isGroup ? t("simulator.groupIdHelp") : t("simulator.customerNumberHelp"))}
              slotProps={{ htmlInput: { inputMode: isGroup ? "text" : "tel" } }}
              data-testid="simulator-customer-number"
            />
            {isGroup && (
              <TextField
                select
                label={t("simulator.members")}
                value={members}
                onChange={(e) => setMembers(e.target.value as unknown as string[])}
                error={Boolean(errors.members)}
                helperText={errors.members ?? (people.length === 0 ? t("simulator.membersEmpty") : undefined)}
                slotProps={{
                  select: {
                    multiple: true,
                    renderValue: (selected) =>
                      (selected as string[]).map((n) => people.find((p) => p.number === n)?.name ?? n).join(", "),
                  },
                }}
                data-testid="simulator-customer-members"
              >
                {people.map((p) => (
                  <MenuItem key={p.number} value={p.number} data-testid={`simulator-member-option-${p.number}`}>
                    <Checkbox size="small" checked={members.includes(p.number)} />
                    <ListItemText primary={p.name} secondary={`+${p.number}`} />
                  </MenuItem>
                ))}
              </TextField>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t("common.cancel")}</Button>
          <Button type="submit" variant="contained" disabled={create.isPending} data-testid="simulator-customer-save">
            {t("common.save")}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

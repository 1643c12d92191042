import { useEffect, useState } from "react";
import { Autocomplete, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from "@mui/material";
import { useTranslation } from "react-i18next";
import type { ChatView } from "@atendo/shared";
import { useAuth } from "../auth/auth-context.js";
import { useChatUserOptions, useSaveChat } from "./api.js";

interface Props {
  open: boolean;
  /** The chat to edit (owner only); absent to start one. */
  chat?: ChatView;
  onClose: () => void;
  onSaved?: (chat: ChatView) => void;
}

type Option = { id: number; name: string };

/** New and edit dialog (administration section 5): a title and at least one other user; I am always a member. */
export function ChatDialog({ open, chat, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const options = useChatUserOptions(open);
  const save = useSaveChat();
  const [title, setTitle] = useState("");
  const [members, setMembers] = useState<Option[]>([]);
  const [errors, setErrors] = useState<{ title?: string; users?: string }>({});

  useEffect(() => {
    if (!open) return;
    setTitle(chat?.title ?? "");
    setMembers(chat ? chat.users.filter((u) => u.userId !== user?.id).map((u) => u.user) : []);
    setErrors({});
  }, [open, chat, user?.id]);

  const submit = async () => {
    const found = {
      title: title.trim() ? undefined : t("chats.dialog.titleRequired"),
      users: members.length > 0 ? undefined : t("chats.dialog.usersRequired"),
    };
    setErrors(found);
    if (found.title || found.users) return;
    try {
      const saved = await save.mutateAsync({ id: chat?.id, input: { title: title.trim(), users: members.map((m) => m.id) } });
      onSaved?.(saved);
      onClose();
    } catch {
      // Chat calls fail silently (section 8); the dialog stays open to try again.
    }
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" data-testid="chat-dialog">
      <DialogTitle>{chat ? t("chats.dialog.editTitle") : t("chats.dialog.newTitle")}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            label={t("chats.dialog.title")}
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            error={Boolean(errors.title)}
            helperText={errors.title}
            slotProps={{ htmlInput: { "data-testid": "chat-title-input" } }}
            data-testid="chat-title"
          />
          <Autocomplete
            multiple
            options={(options.data ?? []).filter((o) => o.id !== user?.id)}
            value={members}
            onChange={(_e, value) => setMembers(value)}
            getOptionLabel={(o) => o.name}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            filterSelectedOptions
            renderInput={(params) => (
              <TextField {...params} label={t("chats.dialog.users")} error={Boolean(errors.users)} helperText={errors.users} />
            )}
            data-testid="chat-users"
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t("common.cancel")}</Button>
        <Button variant="contained" onClick={() => void submit()} disabled={save.isPending} data-testid="chat-save">
          {t("common.save")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

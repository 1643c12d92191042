import { useState } from "react";
import { MenuItem, TextField } from "@mui/material";
import { useTranslation } from "react-i18next";
import type { SettingKey } from "@atendo/shared";
import { toastSuccess } from "../errors/toast.js";
import { useUpdateSetting } from "./api.js";
import { choiceLabel, settingChoices } from "./setting-options.js";

interface Props {
  settingKey: SettingKey;
  value: string;
  disabled?: boolean;
}

/** One setting: a select that saves on change, or a text field that saves on blur (administration section 2). */
export function SettingField({ settingKey, value, disabled = false }: Props) {
  const { t } = useTranslation();
  const update = useUpdateSetting();
  // What the user picked while the save is in flight; the cached value takes over once it settles.
  const [draft, setDraft] = useState<string | null>(null);
  const [text, setText] = useState<string | null>(null);
  const choices = settingChoices(settingKey);

  const save = (next: string) => {
    setDraft(next);
    update.mutate(
      { key: settingKey, value: next },
      {
        onSuccess: () => toastSuccess(t("settings.updated"), { admin: true }),
        onSettled: () => setDraft(null),
      },
    );
  };

  const common = {
    fullWidth: true,
    label: t(`settings.keys.${settingKey}`),
    disabled: disabled || update.isPending,
    id: `setting-${settingKey}`,
  };

  if (choices) {
    return (
      <TextField
        {...common}
        select
        value={draft ?? value}
        onChange={(event) => save(event.target.value)}
        data-testid={`setting-${settingKey}`}
      >
        {choices.map((choice) => (
          <MenuItem key={choice} value={choice} data-testid={`setting-${settingKey}-option-${choice}`}>
            {choiceLabel(settingKey, choice, t)}
          </MenuItem>
        ))}
      </TextField>
    );
  }

  return (
    <TextField
      {...common}
      value={text ?? draft ?? value}
      onChange={(event) => setText(event.target.value)}
      onBlur={() => {
        if (text !== null && text !== value) save(text);
        setText(null);
      }}
      data-testid={`setting-${settingKey}`}
      slotProps={{ htmlInput: { maxLength: 500 } }}
    />
  );
}

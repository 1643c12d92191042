import { useState } from "react";
import { Button, Stack, TextField } from "@mui/material";
import { useTranslation } from "react-i18next";
import type { SecretSettingKey, SettingEntry } from "@atendo/shared";
import { toastSuccess } from "../errors/toast.js";
import { useUpdateSetting } from "./api.js";

interface Props {
  settingKey: SecretSettingKey;
  /** The server's answer for the key: a mask and whether one is set, never the value. */
  entry: SettingEntry | undefined;
}

/**
 * An integration secret (super Integrations section): write-only. The field starts empty and shows only whether a
 * value is set ("••••1234"); typing and saving replaces it, Clear removes it.
 */
export function SecretSettingField({ settingKey, entry }: Props) {
  const { t } = useTranslation();
  const update = useUpdateSetting();
  const [text, setText] = useState("");
  const isSet = entry?.set === true;

  const save = (value: string) =>
    update.mutate(
      { key: settingKey, value },
      {
        onSuccess: () => {
          setText("");
          toastSuccess(t("settings.updated"), { admin: true });
        },
      },
    );

  return (
    <Stack spacing={1}>
      <TextField
        fullWidth
        id={`setting-${settingKey}`}
        label={t(`settings.keys.${settingKey}`)}
        type="password"
        autoComplete="off"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder={isSet ? entry?.value : undefined}
        helperText={isSet ? t("settings.secret.isSet", { mask: entry?.value }) : t("settings.secret.notSet")}
        disabled={update.isPending}
        data-testid={`setting-${settingKey}`}
        slotProps={{ htmlInput: { maxLength: 500, "data-testid": `setting-${settingKey}-input` }, inputLabel: { shrink: true } }}
      />
      <Stack direction="row" spacing={1}>
        <Button
          size="small"
          variant="contained"
          disabled={update.isPending || text.trim() === ""}
          onClick={() => save(text)}
          data-testid={`setting-${settingKey}-save`}
        >
          {t("settings.secret.save")}
        </Button>
        {isSet && (
          <Button size="small" color="error" disabled={update.isPending} onClick={() => save("")} data-testid={`setting-${settingKey}-clear`}>
            {t("settings.secret.clear")}
          </Button>
        )}
      </Stack>
    </Stack>
  );
}

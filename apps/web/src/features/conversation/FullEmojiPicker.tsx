import EmojiPicker from "emoji-picker-react";
import { useTheme } from "@mui/material";
import { useTranslation } from "react-i18next";

// Localized emoji names for the search, bundled and split per language (no network: native emoji, no image CDN).
const DATA = {
  pt: () => import("emoji-picker-react/data/emojis-pt"),
  en: () => import("emoji-picker-react/data/emojis-en"),
  es: () => import("emoji-picker-react/data/emojis-es"),
};

/** The full emoji list of the reaction picker; loaded only when an agent asks for more than the quick six. */
export default function FullEmojiPicker({ onPick }: { onPick: (emoji: string) => void }) {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const language = (i18n.resolvedLanguage ?? "pt") as keyof typeof DATA;
  return (
    <EmojiPicker
      emojiData={DATA[language] ?? DATA.pt}
      colorScheme={theme.palette.mode}
      width={320}
      height={380}
      previewConfig={{ showPreview: false }}
      lazyLoadEmojis
      labels={{ searchPlaceholder: t("conversation.react.search"), searchLabel: t("conversation.react.search") }}
      onEmojiClick={(data) => onPick(data.emoji)}
    />
  );
}

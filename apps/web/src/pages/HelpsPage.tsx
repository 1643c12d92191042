import { useState } from "react";
import { Box, Card, CardActionArea, CardContent, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import type { HelpView } from "@atendo/shared";
import { PageHeader } from "../components/PageHeader.js";
import { EmptyState } from "../components/EmptyState.js";
import { useHelps } from "../features/helps/api.js";
import { HelpVideoDialog } from "../features/helps/HelpVideoDialog.js";

/** Help page (administration section 2): a grid of video cards, the count in the title; a card opens the player. */
export function HelpsPage() {
  const { t } = useTranslation();
  const helps = useHelps();
  const [playing, setPlaying] = useState<HelpView | null>(null);
  const list = helps.data ?? [];
  return (
    <>
      <PageHeader title={t("helps.pageTitle", { count: list.length })} />
      <Box
        data-testid="helps-grid"
        sx={{ display: "grid", gap: 2, gridTemplateColumns: "repeat(auto-fill, minmax(min(100%, 260px), 1fr))" }}
      >
        {list.map((help) => (
          <Card key={help.id} variant="outlined" data-testid={`help-card-${help.id}`}>
            <CardActionArea onClick={() => setPlaying(help)} sx={{ height: "100%", display: "flex", flexDirection: "column", alignItems: "stretch" }}>
              {/* A plain coloured frame instead of YouTube's thumbnail: nothing loads from YouTube until a video is opened. */}
              <Box sx={{ pt: "56.25%", bgcolor: "grey.900", position: "relative" }}>
                <Box
                  component="span"
                  aria-hidden
                  sx={{
                    position: "absolute",
                    inset: 0,
                    m: "auto",
                    width: 0,
                    height: 0,
                    borderTop: "18px solid transparent",
                    borderBottom: "18px solid transparent",
                    borderLeft: "30px solid white",
                    opacity: 0.85,
                  }}
                />
              </Box>
              <CardContent sx={{ flexGrow: 1 }}>
                <Typography variant="subtitle1" sx={{ fontWeight: 600 }} data-testid="help-video-title">
                  {help.title}
                </Typography>
                {help.description && (
                  <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                    {help.description}
                  </Typography>
                )}
              </CardContent>
            </CardActionArea>
          </Card>
        ))}
      </Box>
      {helps.isSuccess && list.length === 0 && <EmptyState message={t("helps.empty")} />}
      <HelpVideoDialog help={playing} onClose={() => setPlaying(null)} />
    </>
  );
}

import { afterEach, describe, expect, it } from "vitest";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { useTranslation } from "react-i18next";
import { STORAGE_KEYS } from "@atendo/shared";
import { changeLanguage, storedLanguage } from "../../i18n/index.js";
import { LanguageSelect } from "./LanguageSelect.js";

function Probe() {
  const { t } = useTranslation();
  return <span data-testid="probe">{t("menu.items.connections")}</span>;
}

describe("LanguageSelect", () => {
  afterEach(async () => {
    await changeLanguage("pt");
  });

  it("switches the interface language and remembers it", async () => {
    render(
      <>
        <LanguageSelect />
        <Probe />
      </>,
    );
    expect(screen.getByTestId("probe").textContent).toBe("Conexões");
    fireEvent.mouseDown(within(screen.getByTestId("language-select")).getByRole("combobox"));
    fireEvent.click(await screen.findByTestId("language-option-en"));

    await waitFor(() => expect(screen.getByTestId("probe").textContent).toBe("Connections"));
    expect(localStorage.getItem(STORAGE_KEYS.language)).toBe("en");
    expect(storedLanguage()).toBe("en");
    expect(document.documentElement.lang).toBe("en");
  });

  it("falls back to Portuguese for an unknown stored language", () => {
    localStorage.setItem(STORAGE_KEYS.language, "fr");
    expect(storedLanguage()).toBe("pt");
  });
});

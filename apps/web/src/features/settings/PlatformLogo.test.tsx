import { describe, expect, it } from "vitest";
import { fireEvent, screen } from "@testing-library/react";
import { AppRoutes } from "../../routes/AppRoutes.js";
import { fakeApi } from "../../test/fake-api.js";
import { renderApp } from "../../test/render.js";
import { PlatformLogo } from "./PlatformLogo.js";

describe("PlatformLogo", () => {
  it("shows the login logo from the public route on the login page", async () => {
    fakeApi({});
    renderApp(<AppRoutes />, "/login");
    const logo = (await screen.findByTestId("platform-logo-login")) as HTMLImageElement;
    expect(new URL(logo.src).pathname).toBe("/public/logos/login");
    expect(logo.alt).toBe("Atendo");
  });

  it("shows the product name when the image cannot load", async () => {
    fakeApi({});
    renderApp(<PlatformLogo destination="signup" />);
    fireEvent.error(await screen.findByTestId("platform-logo-signup"));
    const fallback = await screen.findByTestId("platform-logo-signup");
    expect(fallback.tagName).not.toBe("IMG");
    expect(fallback.textContent).toBe("Atendo");
  });
});

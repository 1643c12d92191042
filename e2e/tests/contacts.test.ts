import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import * as XLSX from "@e965/xlsx";
import { DEMO, launchBrowser, newPage, signIn } from "../browser.js";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

/** 1,000 rows: 990 good contacts and 10 bad rows (5 names too short, 5 numbers that are no phone numbers). */
function spreadsheet(): Buffer {
  const rows: unknown[][] = [["Nome", "Telefone", "E-mail", "Cidade"]];
  for (let i = 0; i < 1000; i++) {
    const id = String(i).padStart(4, "0");
    const number = `55119${String(70000000 + i)}`;
    if (i % 200 === 50) rows.push(["X", number, "", "SP"]);
    else if (i % 200 === 199) rows.push([`Ruim ${id}`, "12345678", "", "SP"]);
    else rows.push([`Importado ${id}`, number, `importado${id}@e2e.test`, i % 2 ? "Campinas" : "Santos"]);
  }
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), "Contatos");
  return XLSX.write(book, { type: "buffer", bookType: "xlsx" }) as Buffer;
}

describe("contacts page", () => {
  it("imports a spreadsheet of 1,000 contacts with a progress bar and a report, then finds one by search", async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, DEMO.admin);
    await page.goto("/contacts");
    await page.getByTestId("contacts-table").waitFor();

    await page.getByTestId("contacts-import-input").setInputFiles({
      name: "contatos.xlsx",
      mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      buffer: spreadsheet(),
    });
    await page.getByTestId("contact-import-dialog").waitFor();
    await page.getByTestId("contact-import-progress").waitFor();
    expect(await page.getByTestId("contact-import-file").innerText()).toBe("contatos.xlsx");

    const status = page.getByTestId("contact-import-status");
    await expect.poll(() => status.getAttribute("data-status"), { timeout: 60_000 }).toBe("done");
    expect(await page.getByTestId("contact-import-progress").getAttribute("aria-valuenow")).toBe("100");
    expect(await page.getByTestId("contact-import-created").innerText()).toBe("990");
    expect(await page.getByTestId("contact-import-updated").innerText()).toBe("0");
    expect(await page.getByTestId("contact-import-rejected").innerText()).toBe("10");
    // Rejected rows with translated reasons (row 52 is i = 50: a name too short; row 201 is i = 199: a bad number).
    expect(await page.getByTestId("contact-import-rejected-row-52").innerText()).toContain("Muito curto!");
    expect(await page.getByTestId("contact-import-rejected-row-201").innerText()).toContain("Número de telefone inválido");
    await page.getByTestId("contact-import-close").click();

    await page.getByTestId("contacts-search").locator("input").fill("Importado 0777");
    const row = page.locator('[data-testid^="contact-row-"]', { hasText: "Importado 0777" });
    await row.waitFor();
    expect(await row.innerText()).toContain("importado0777@e2e.test");
    expect(await page.locator('[data-testid^="contact-row-"]').count()).toBe(1);

    // By number too, typed as people type it.
    await page.getByTestId("contacts-search").locator("input").fill("(11) 7000-0123");
    await page.locator('[data-testid^="contact-row-"]', { hasText: "Importado 0123" }).waitFor();
    await context.close();
  });

  it("shows the agent no delete button, and the admin one", async () => {
    const agent = await newPage(browser);
    await signIn(agent.page, DEMO.agent);
    await agent.page.goto("/contacts");
    await agent.page.locator('[data-testid^="contact-edit-"]').first().waitFor();
    expect(await agent.page.locator('[data-testid^="contact-delete-"]').count()).toBe(0);
    await agent.context.close();

    const admin = await newPage(browser);
    await signIn(admin.page, DEMO.admin);
    await admin.page.goto("/contacts");
    await admin.page.locator('[data-testid^="contact-delete-"]').first().waitFor();
    await admin.context.close();
  });
});

import { describe, expect, it } from "vitest";
import { render } from "@testing-library/react";
import { MessageBody } from "./MessageBody.js";
import { safeHref } from "./render-markup.js";

function body(text: string) {
  const { container } = render(<MessageBody text={text} />);
  return container.querySelector('[data-testid="message-body"]') as HTMLElement;
}

/** Every element the body produced, by tag, besides its own wrapper. */
const tags = (el: HTMLElement) => [...el.querySelectorAll("*")].map((child) => child.tagName.toLowerCase());

describe("message markup", () => {
  it("makes *bold*, ~strike~ and _italic_, nested, and keeps newlines", () => {
    const el = body("*Ana Souza*:\nOlá ~antigo~ e _novo_ *muito ~importante~*");
    expect(el.querySelector("strong")?.textContent).toBe("Ana Souza");
    expect([...el.querySelectorAll("s")].map((s) => s.textContent)).toEqual(["antigo", "importante"]);
    expect(el.querySelector("em")?.textContent).toBe("novo");
    expect(el.querySelector("strong s")?.textContent).toBe("importante");
    expect(el.textContent).toBe("Ana Souza:\nOlá antigo e novo muito importante");
    expect(getComputedStyle(el).whiteSpace).toBe("pre-wrap");
  });

  it("leaves markers inside words, with spaces at their edges or across lines as they are", () => {
    const el = body("file_name_here 2*3*4 * solto * _a\nb_");
    expect(tags(el)).toEqual([]);
    expect(el.textContent).toBe("file_name_here 2*3*4 * solto * _a\nb_");
  });

  it("links http, https, www and e-mail in a new tab without the opener", () => {
    const el = body("veja https://example.com/a_b_c?x=1 e www.site.com.br ou fale@loja.com");
    const links = [...el.querySelectorAll("a")];
    expect(links.map((a) => a.getAttribute("href"))).toEqual(["https://example.com/a_b_c?x=1", "http://www.site.com.br/", "mailto:fale@loja.com"]);
    for (const link of links) {
      expect(link.getAttribute("target")).toBe("_blank");
      expect(link.getAttribute("rel")).toBe("noopener noreferrer");
    }
    // The underscores of a link are not italic markers.
    expect(el.querySelector("em")).toBeNull();
  });

  it("renders HTML, script, handlers, javascript: and data: links and entities as text", () => {
    const attack = [
      "<script>alert('x')</script>",
      '<img src=x onerror="alert(1)">',
      '<a href="javascript:alert(2)">clique</a>',
      "javascript:alert(3)",
      "data:text/html,<script>alert(4)</script>",
      "&lt;b&gt;negrito&lt;/b&gt; &amp; &#60;i&#62;",
      "*<iframe src=x>*",
      'https://ok.example/?q="><script>alert(5)</script>',
    ].join("\n");
    const el = body(attack);
    // Only the bold of the iframe line and the https link are elements; nothing else was created.
    expect(tags(el)).toEqual(["strong", "a"]);
    expect(el.querySelector("strong")?.textContent).toBe("<iframe src=x>");
    expect(el.querySelector("script, img, iframe, i, b")).toBeNull();
    expect(el.querySelector("a")?.getAttribute("href")).toMatch(/^https:\/\/ok\.example\//);
    expect([...el.querySelectorAll("*")].every((node) => [...node.attributes].every((attr) => !attr.name.startsWith("on")))).toBe(true);
    // The text arrives exactly as written, entities undecoded.
    expect(el.textContent).toBe(attack.replace("*<iframe src=x>*", "<iframe src=x>"));
  });

  it("accepts only http, https and mailto links", () => {
    expect(safeHref("https://a.com")).toBe("https://a.com/");
    expect(safeHref("mailto:a@b.com")).toBe("mailto:a@b.com");
    expect(safeHref("javascript:alert(1)")).toBeNull();
    expect(safeHref("file:///etc/passwd")).toBeNull();
    expect(safeHref("ftp://x.com")).toBeNull();
    expect(safeHref("not a url")).toBeNull();
    expect(body("ftp://x.com file:///etc/passwd").querySelector("a")).toBeNull();
  });
});

import { expect, test, type Page, type Route } from "./fixtures.ts";
import { expectNoAxeViolations, storageState } from "./support.ts";

// One page for the file's tests, each loading the portal afresh (fixtures.ts: sharedPage).
test.use({ sharedPage: true });

/** Issue 24: the dark theme's links and read-only fields, and a slow network's signs of loading. */
test.use({ storageState: storageState("admin") });

/** WCAG contrast of two computed `rgb(…)` colours. */
function contrast(a: string, b: string) {
  const luminance = (color: string) => {
    const [r, g, b2] = (color.match(/[\d.]+/g) ?? []).slice(0, 3).map((c) => {
      const v = Number(c) / 255;
      return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b2!;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

for (const viewport of [
  { name: "desktop", size: { width: 1280, height: 800 } },
  { name: "phone", size: { width: 390, height: 844 } },
]) {
  test.describe(`dark theme (${viewport.name})`, () => {
    test.use({ colorScheme: "dark", viewport: viewport.size });

    test("links are told from text (underline or 3:1), and a focused field in error passes axe", async ({
      page,
    }) => {
      await page.goto("/system/role/create");
      await expect(page.locator("html")).toHaveClass(/dark/);
      // Every link of the screen's content (tables and menus are styled on their own) is told from
      // the text around it: underlined, or at 3:1 against its parent's text colour (WCAG 1.4.1).
      const looks = async () =>
        page.locator("#main a[href]").evaluateAll((links) => {
          // Computed colours come as lab()/oklch() too: drawn on a canvas, read back as sRGB rgb().
          const context = document.createElement("canvas").getContext("2d", { willReadFrequently: true })!;
          const rgb = (color: string) => {
            context.clearRect(0, 0, 1, 1);
            context.fillStyle = color;
            context.fillRect(0, 0, 1, 1);
            const [r, g, b] = context.getImageData(0, 0, 1, 1).data;
            return `rgb(${r}, ${g}, ${b})`;
          };
          return links
            .filter((link) => !link.closest("table, nav") && !link.matches("[data-slot], [role='tab'], [role='menuitem']") && link.getClientRects().length > 0)
            .map((link) => {
              const own = getComputedStyle(link);
              return {
                name: (link.textContent ?? "").trim(),
                underline: own.textDecorationLine.includes("underline"),
                link: rgb(own.color),
                text: rgb(getComputedStyle(link.parentElement!).color),
                background: own.backgroundColor,
              };
            });
        });
      const plain = (found: Awaited<ReturnType<typeof looks>>) =>
        found.filter((l) => /rgba\(0, 0, 0, 0\)|transparent/.test(l.background) && !l.underline && contrast(l.link, l.text) < 3).map((l) => `${l.name}: ${l.link} on ${l.text}`);
      const found = await looks();
      expect(found.length).toBeGreaterThan(0);
      expect(plain(found)).toEqual([]);
      await page.getByRole("button", { name: "Add Role", exact: true }).click();
      await expect(
        page.getByRole("textbox", { name: "Role Name", exact: true }),
      ).toBeFocused();
      await expectNoAxeViolations(page);
    });

    test("names in lists are a link colour, not the text's (issue 40)", async ({ page }) => {
      await page.goto("/practice/persons");
      await expect(page.locator("html")).toHaveClass(/dark/);
      const name = page.getByRole("table", { name: "Persons" }).locator("tbody tr").first().getByRole("link").first();
      await expect(name).toBeVisible();
      const [link, text] = await name.evaluate((element) => {
        const context = document.createElement("canvas").getContext("2d", { willReadFrequently: true })!;
        const rgb = (color: string) => {
          context.clearRect(0, 0, 1, 1);
          context.fillStyle = color;
          context.fillRect(0, 0, 1, 1);
          return [...context.getImageData(0, 0, 1, 1).data].slice(0, 3);
        };
        return [rgb(getComputedStyle(element).color), rgb(getComputedStyle(element.closest("tr")!).color)];
      });
      // Apart by a clear step in colour: the near-white blue before (#d9ebff) was 27 from the text.
      expect(Math.hypot(link[0]! - text[0]!, link[1]! - text[1]!, link[2]! - text[2]!), `link rgb(${link}) beside text rgb(${text})`).toBeGreaterThan(80);
    });

    test("a field that cannot be changed looks unlike an editable one (issue 40)", async ({ page }) => {
      await page.goto("/system/roles");
      await page.getByRole("table", { name: "Roles" }).locator("tbody tr").first().getByRole("link").first().click();
      const name = page.getByRole("textbox", { name: "Role Name" });
      await expect(name).toBeDisabled();
      const look = (el: HTMLElement) => {
        const s = getComputedStyle(el);
        // Computed colours come as oklch() too: drawn on a canvas (over the card's own fill), read back as rgb().
        const context = document.createElement("canvas").getContext("2d", { willReadFrequently: true })!;
        context.fillStyle = getComputedStyle(el.closest("form") ?? document.body).backgroundColor === "rgba(0, 0, 0, 0)" ? getComputedStyle(document.body).backgroundColor : getComputedStyle(el.closest("form")!).backgroundColor;
        context.fillRect(0, 0, 1, 1);
        context.fillStyle = s.backgroundColor;
        context.fillRect(0, 0, 1, 1);
        const [r, g, b] = context.getImageData(0, 0, 1, 1).data;
        return { style: s.borderTopStyle, background: `rgb(${r}, ${g}, ${b})` };
      };
      const shown = await name.evaluate(look);
      await page.getByRole("button", { name: "Edit", exact: true }).click();
      await expect(name).toBeEnabled();
      const editable = await name.evaluate(look);
      // Another outline, or a fill well apart (the dark fill alone, slate-900 beside slate-800, was 1.2:1).
      const told = shown.style !== editable.style || contrast(shown.background, editable.background) >= 1.5;
      expect(told, `read-only ${JSON.stringify(shown)}, editable ${JSON.stringify(editable)}`).toBe(true);
    });

    test("read-only fields have no box like the editable ones", async ({
      page,
    }) => {
      await page.goto("/system/call-center/queues?q=BasicQueue");
      await page
        .locator("tbody tr")
        .filter({ hasText: "BasicQueue" })
        .getByRole("link")
        .first()
        .click();
      const inbound = page.getByRole("textbox", { name: "Inbound" });
      await expect(inbound).toHaveAttribute("readonly", "");
      const box = (el: HTMLElement) => {
        const s = getComputedStyle(el);
        return { border: s.borderTopColor, background: s.backgroundColor };
      };
      const readOnly = await inbound.evaluate(box);
      expect(readOnly.border).toMatch(/rgba\(0, 0, 0, 0\)|transparent/);
      expect(readOnly.background).toMatch(/rgba\(0, 0, 0, 0\)|transparent/);
      await page.getByRole("button", { name: "Edit" }).click();
      await expect(inbound).not.toHaveAttribute("readonly", "");
      const editable = await inbound.evaluate(box);
      expect(editable.border).not.toBe(readOnly.border);
      expect(editable.background).not.toBe(readOnly.background);
      await expectNoAxeViolations(page);
    });
  });
}

/** Holds matching requests until `open()` is called: a slow network without a clock. */
function gate(page: Page, match: (route: Route) => boolean) {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  const held: Promise<void>[] = [];
  void page.route("**/*", async (route) => {
    if (!match(route)) return route.fallback();
    const done = opened.then(() => route.fallback());
    held.push(done);
    await done;
  });
  return { open: () => open() };
}

test("a navigation waiting for its data shows a progress bar and marks the content busy, then the new screen", async ({
  page,
}) => {
  await page.goto("/home");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  const slow = gate(
    page,
    (route) =>
      route.request().method() === "GET" &&
      /\/api\/permissions\/roles(\?|$)/.test(route.request().url()),
  );
  await page.keyboard.press("g");
  await page.keyboard.press("r");
  await expect(page).toHaveURL(/\/system\/roles/);
  const bar = page.getByRole("progressbar", {
    name: "Loading the next screen",
  });
  await expect(bar).toBeVisible();
  await expect(page.locator("#main")).toHaveAttribute("aria-busy", "true");
  // The bar sits inside a landmark (axe "region"): it showed up in other tests' axe checks.
  await expectNoAxeViolations(page, { whileLoading: true });
  slow.open();
  await expect(
    page.getByRole("heading", { level: 1, name: "Roles" }),
  ).toBeVisible();
  await expect(bar).toBeHidden();
  await expect(page.locator("#main")).not.toHaveAttribute("aria-busy", "true");
});

test.describe("the CSP enforced", () => {
  test.use({ bypassCSP: false });

  test("a first load shows a static skeleton before the JavaScript runs, within the CSP (no inline script)", async ({
    page,
  }) => {
    const refused: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text()))
        refused.push(message.text());
    });
    const slow = gate(
      page,
      (route) =>
        route.request().resourceType() === "script" &&
        new URL(route.request().url()).pathname.startsWith("/assets/"),
    );
    const response = await page.goto("/home", { waitUntil: "commit" });
    expect(response?.headers()["content-security-policy"]).toContain(
      "script-src 'self'",
    );
    await expect(
      page.getByRole("status", { name: "Loading Astera" }),
    ).toBeVisible();
    slow.open();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(
      page.getByRole("status", { name: "Loading Astera" }),
    ).toHaveCount(0);
    expect(refused).toEqual([]);
  });
});

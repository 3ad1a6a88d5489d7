import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUDGETS, READINESS, SITE_TYPES, TIMELINES } from "~/contracts/form-options";
import { createTestApp } from "../../tests/support/app";
import { servedPage, type ServedPage } from "../../tests/support/served-html";

/**
 * The contact and start-project forms as the server sends them: what a visitor without JavaScript
 * gets (a plain post with named, browser-checked fields, an error return pre-filled), and the
 * fields and options of docs/product/lead-paths.md. The browser journeys keep what the hydrated
 * forms do (tests/e2e/contact.spec.ts, start-project.spec.ts).
 */
let ctx: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  ctx = await createTestApp({ site: true });
}, 60_000);
afterAll(() => ctx.close());

async function open(path: string) {
  const page = await servedPage(ctx.app, path);
  expect(page.status, path).toBe(200);
  return page;
}

function control(page: ServedPage, label: string) {
  const found = page.byLabel(label);
  expect(found, `the field labelled "${label}"`).toBeDefined();
  return found!;
}

describe("the contact form, as served", () => {
  const contactForm = (page: ServedPage) => page.main.querySelector('form[action="/api/contact"]')!;

  it("has the spec's fields and hidden inputs, and the other ways to reach Tyler", async () => {
    const page = await open("/contact");
    expect(page.document.querySelectorAll("h1")).toHaveLength(1);
    expect(control(page, "Your name").hasAttribute("required")).toBe(true);
    expect(control(page, "Email").getAttribute("type")).toBe("email");
    expect(control(page, "Email").hasAttribute("required")).toBe(true);
    expect(control(page, "Subject").hasAttribute("required")).toBe(false);
    expect(control(page, "Message").tagName).toBe("TEXTAREA");
    expect(control(page, "Message").hasAttribute("required")).toBe(true);
    const form = contactForm(page);
    expect(form.querySelector('input[type="hidden"][name="form_type"]')?.getAttribute("value")).toBe(
      "personal_contact",
    );
    expect(form.querySelector('input[type="hidden"][name="source"]')?.getAttribute("value")).toBe("contact_page");
    expect(form.querySelector('input[name="hp_extra_info"]')?.getAttribute("tabindex")).toBe("-1");

    const ways = page.region("Other ways to reach me");
    expect(ways?.querySelector('a[href^="tel:"]')).not.toBeNull();
    expect(ways?.querySelector('a[href^="mailto:"]')).not.toBeNull();
    expect(page.text(ways)).toContain("Mon-Fri, 9am-6pm");
    expect(page.text(ways)).toContain("24-48 hours");
  });

  it("without JavaScript is a plain post to /api/contact with named, browser-checked fields", async () => {
    const form = contactForm(await open("/contact"));
    expect(form.getAttribute("method")).toBe("post");
    expect(form.getAttribute("action")).toBe("/api/contact");
    // The browser's own checks stay on when no script takes over.
    expect(form.hasAttribute("novalidate")).toBe(false);
    const names = [...form.querySelectorAll("input, textarea, select")].map((el) => el.getAttribute("name"));
    expect(names.sort()).toEqual(["email", "form_type", "hp_extra_info", "message", "name", "source", "subject"]);
    expect(form.querySelector('input[name="name"]')?.hasAttribute("required")).toBe(true);
    expect(form.querySelector('input[name="email"]')?.getAttribute("type")).toBe("email");
    expect(form.querySelector('textarea[name="message"]')?.hasAttribute("required")).toBe(true);
    const send = [...form.querySelectorAll("button")].find((button) => button.textContent?.trim() === "Send Message");
    expect(send?.hasAttribute("disabled")).toBe(false);
  });

  it("an error return pre-fills the form without any script", async () => {
    const page = await open("/contact?error=rate_limited&name=Ann&email=ann%40example.com&message=Hello");
    expect(page.text(page.document.querySelector('[role="alert"]'))).toContain("Too many messages");
    expect(control(page, "Your name").getAttribute("value")).toBe("Ann");
    expect(control(page, "Message").textContent).toBe("Hello");
  });

  it("/contact/thank-you is not indexed and links home, to the blog and to projects", async () => {
    const page = await open("/contact/thank-you");
    expect(page.meta("robots")).toMatch(/noindex/);
    expect(page.text(page.document.querySelector("h1"))).not.toBe("");
    expect(page.region("What happens next")?.querySelectorAll("li")).toHaveLength(3);
    const explore = page.region("While you wait")!;
    for (const href of ["/", "/blog", "/projects"])
      expect(explore.querySelector(`a[href="${href}"]`), href).not.toBeNull();
  });
});

describe("the start-project form, as served", () => {
  const EMPTY_OPTION = "Choose one (optional)";

  it("has exactly the fields and options of the spec", async () => {
    const page = await open("/start-project");
    expect(page.text(page.document.querySelector("h1"))).toBe("Start a Project");
    expect(control(page, "Your name").hasAttribute("required")).toBe(true);
    const email = control(page, "Email");
    expect(email.getAttribute("type")).toBe("email");
    expect(email.hasAttribute("required")).toBe(true);
    // Optional: a phone and a business name (they raise the lead score).
    const phone = control(page, "Phone");
    expect(phone.getAttribute("type")).toBe("tel");
    expect(phone.getAttribute("autocomplete")).toBe("tel");
    expect(phone.hasAttribute("required")).toBe(false);
    const company = control(page, "Business name");
    expect(company.getAttribute("autocomplete")).toBe("organization");
    expect(company.hasAttribute("required")).toBe(false);
    const description = control(page, "Describe your project");
    expect(description.tagName).toBe("TEXTAREA");
    expect(description.getAttribute("rows")).toBe("5");
    expect(description.hasAttribute("required")).toBe(true);

    // docs/product/lead-paths.md "Options": the option values, the empty choice first, and the labels shown.
    const selects = [
      {
        label: "What kind of site?",
        values: ["personal", "portfolio", "business", "nonprofit", "landing", "blog", "other"],
        options: SITE_TYPES,
      },
      { label: "Budget", values: ["75-150", "150-300", "300-500", "500-plus", "discuss"], options: BUDGETS },
      { label: "Timeline", values: ["asap", "1-2weeks", "1month", "flexible"], options: TIMELINES },
    ];
    for (const select of selects) {
      const options = [...control(page, select.label).querySelectorAll("option")];
      expect(options.map((option) => page.text(option))).toEqual([EMPTY_OPTION, ...select.options.map((o) => o.label)]);
      expect(options.map((option) => option.getAttribute("value"))).toEqual(["", ...select.values]);
      // Nothing chosen: the empty choice is the one shown.
      expect(options.filter((option) => option.hasAttribute("selected"))).toEqual([options[0]]);
    }
    const siteTypeLabels = [...control(page, "What kind of site?").querySelectorAll("option")].map((o) => page.text(o));
    expect(siteTypeLabels).toEqual(expect.arrayContaining(["Small business", "Nonprofit/cause", "Something else"]));

    // Readiness: two radios, curious checked by default.
    const group = [...page.document.querySelectorAll("fieldset")].find(
      (fieldset) => page.text(fieldset.querySelector("legend")) === "Where are you at?",
    )!;
    const radios = [...group.querySelectorAll('input[type="radio"]')];
    expect(radios.map((radio) => radio.getAttribute("value"))).toEqual(["curious", "ready"]);
    expect(control(page, READINESS[0].label).hasAttribute("checked")).toBe(true);
    expect(control(page, READINESS[1].label).hasAttribute("checked")).toBe(false);

    // The honeypot is there for bots but out of the tab order (out of sight: the browser journey).
    expect(page.document.querySelector('input[name="hp_extra_info"]')?.getAttribute("tabindex")).toBe("-1");

    // Below the form: the direct e-mail and phone links.
    expect(page.main.querySelector('a[href^="mailto:"]')).not.toBeNull();
    expect(page.main.querySelector('a[href^="tel:"]')).not.toBeNull();
    // The send button, enabled once the script owns the form: the browser journey.
    expect([...page.main.querySelectorAll("button")].some((b) => page.text(b) === "Send Project Details")).toBe(true);
  });
});

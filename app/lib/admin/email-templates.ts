import { site } from "~/config/site";

/**
 * The compose dialog's templates (docs/product/email.md "Templates"): each has a name, a subject
 * and a body with a {name} placeholder, signed by the owner. The update template links to the
 * client portal.
 */
export const EMAIL_TEMPLATE_IDS = [
  "follow_up",
  "clarification",
  "update",
  "scheduling",
  "problem_resolution",
  "blank",
] as const;
export type EmailTemplateId = (typeof EMAIL_TEMPLATE_IDS)[number];

interface Template {
  name: string;
  subject: string;
  body: (ctx: { portalUrl: string }) => string;
}

const signature = [
  "",
  "Best,",
  site.owner.firstName,
  "",
  `${site.owner.name}, ${site.brand}`,
  site.phone.display,
  site.email,
].join("\n");

export const EMAIL_TEMPLATES: Record<EmailTemplateId, Template> = {
  follow_up: {
    name: "Follow-up",
    subject: "Following up on your website",
    body: () =>
      [
        "Hi {name},",
        "",
        "Thanks again for reaching out about a website. I wanted to follow up and see whether you had any questions, or if now is a good time to get started.",
        "",
        `Most sites are ready in ${site.delivery.typical}, and I'm happy to walk you through what yours could look like. Just reply to this e-mail or call me at ${site.phone.display}.`,
      ].join("\n"),
  },
  clarification: {
    name: "Clarification",
    subject: "A quick question about your project",
    body: () =>
      [
        "Hi {name},",
        "",
        "I'm putting together the plan for your website and want to make sure I get it right. Could you tell me a bit more about:",
        "",
        "- the pages you'd like (for example Home, Services, About, Contact)",
        "- any photos, logo or text you already have",
        "- a website or two whose look you like",
        "",
        "A few lines is plenty. Thanks!",
      ].join("\n"),
  },
  update: {
    name: "Project update",
    subject: "An update on your website project",
    body: ({ portalUrl }) =>
      [
        "Hi {name},",
        "",
        "Here's a quick update on your website: work is moving along and I'll have the next piece ready for you to look at soon.",
        "",
        `You can check the status, milestones and notes any time in the client portal: ${portalUrl}`,
        "",
        "If anything comes to mind, reply here or leave a message in the project chat.",
      ].join("\n"),
  },
  scheduling: {
    name: "Scheduling",
    subject: "Let's find a time to talk",
    body: () =>
      [
        "Hi {name},",
        "",
        "I'd love to set up a short call (about 20 minutes) to talk through your website. Could you send me two or three times that work for you this week or next?",
        "",
        `I'm usually available ${site.hours.label}. A phone call or a video call both work.`,
      ].join("\n"),
  },
  problem_resolution: {
    name: "Problem resolution",
    subject: "About the issue you reported",
    body: () =>
      [
        "Hi {name},",
        "",
        "Thanks for letting me know about the problem, and sorry for the trouble. I'm looking into it now and will get back to you as soon as it's fixed, usually within a day.",
        "",
        "If you can, reply with the page address and a screenshot of what you see; that helps me find it faster.",
      ].join("\n"),
  },
  blank: { name: "Blank", subject: "", body: () => "Hi {name},\n\n" },
};

/** The template with the recipient's (first) name filled in and the signature added. */
export function renderEmailTemplate(
  id: EmailTemplateId,
  ctx: { name?: string | null; siteUrl: string },
): { subject: string; content: string } {
  const template = EMAIL_TEMPLATES[id];
  const firstName = ctx.name?.trim().split(/\s+/)[0] || "there";
  const body = template.body({ portalUrl: `${ctx.siteUrl.replace(/\/+$/, "")}/client-portal` });
  return { subject: template.subject, content: `${body.replaceAll("{name}", firstName)}\n${signature}` };
}

/**
 * /client-portal and /client-portal/sign-in (docs/product/client-portal.md "Lookup",
 * "Sign-in links"): search metadata and copy. The lookup page is indexed; the sign-in link's page
 * is not. Relative imports only (the page registry loads this module from the build config).
 */
import { site } from "../config/site";
import type { StaticPage } from "./pages";

const { owner } = site;

export const clientPortalPage: StaticPage = {
  path: "/client-portal",
  title: "Client Portal: Check Your Project",
  description: `Clients of ${site.brand}: look up your website project by its Project ID or your e-mail address to see its status, milestones and updates.`,
  keywords: ["client portal", "project status", "websites by tyler"],
};

export const portalSignInPage: StaticPage = {
  path: "/client-portal/sign-in",
  title: "Sign In to the Client Portal",
  description: `Open your website projects with ${owner.firstName} using the sign-in link from your e-mail.`,
  keywords: ["client portal sign in", "websites by tyler"],
  noindex: true,
};

export const portalCopy = {
  eyebrow: "For clients",
  title: "Client Portal",
  intro: `Check on your website project: its status, milestones, the latest updates from ${owner.firstName} and notes for you.`,
  formTitle: "Find your project",
  formIntro:
    "Use the Project ID from your confirmation e-mail to open that project right away, or your e-mail address to get a sign-in link for all your projects.",
  typeLegend: "Look up by",
  typeOptions: [
    { value: "project-id", label: "Project ID" },
    { value: "email", label: "Email address" },
  ],
  idLabel: "Project ID",
  idHint: "It looks like WBT-2026-7KQ4MZ.",
  emailLabel: "Email address",
  emailHint: "The address you used when you started your project.",
  submitLabel: "Find My Project",
  searchingLabel: "Searching...",
  inboxTitle: "Check your inbox",
  loading: "Loading your projects...",
  listTitle: "Your Projects",
  newSearch: "New Search",
  backToProjects: "Back to Projects",
  viewProject: "View project",
  chatTitle: "Project chat",
  help: `Lost your Project ID? Use your e-mail address instead, or write to ${site.email}.`,
} as const;

export const signInCopy = {
  eyebrow: "Client portal",
  title: "Sign in to your projects",
  intro: "You opened a sign-in link from your e-mail. Press the button to open your projects on this device.",
  button: "Sign in to your projects",
  signingIn: "Signing in...",
  note: "The link works once, for 30 minutes. Your session on this device ends when you close the tab.",
  newLinkTitle: "Get a new link",
} as const;

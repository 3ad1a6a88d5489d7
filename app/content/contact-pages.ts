import type { StaticPage } from "./pages";

export const startProjectPage: StaticPage = { path: "/start-project", title: "Start a Project", description: "Tell me about the website you need." };
export const contactPage: StaticPage = { path: "/contact", title: "Contact", description: "Send a message.", prerender: false };
export const thankYouPage: StaticPage = { path: "/contact/thank-you", title: "Thank You", description: "Message received.", noindex: true };

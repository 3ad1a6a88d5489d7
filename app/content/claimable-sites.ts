import type { StaticPage } from "./pages";

export const claimPage: StaticPage = { path: "/claim-your-website", title: "Claim Your Website", description: "Websites built in advance for local businesses." };

import type { StaticPage } from "./pages";

export const marketingPages: StaticPage[] = [];

import type { StaticPage } from "./pages";

export const legalPages: StaticPage[] = [];

import type { StaticPage } from "./pages";

export const industryPages: StaticPage[] = [];

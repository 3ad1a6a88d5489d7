import type { StaticPage } from "./pages";

export const cityPages: StaticPage[] = [];
export const cityAliasPaths: string[] = [];

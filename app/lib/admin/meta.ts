import { site } from "~/config/site";

/** Admin screens are private: a plain title and never indexed. */
export const adminMeta = (title: string) => [
  { title: `${title} | ${site.brand} Admin` },
  { name: "robots", content: "noindex, nofollow" },
];

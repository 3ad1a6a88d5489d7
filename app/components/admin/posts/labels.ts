import { BookOpen, Briefcase, FileText, type LucideIcon } from "lucide-react";
import type { PostStatus, PostType } from "~/contracts/post-kinds";
import type { Tone } from "../ui/styles";

/** docs/product/posts-and-portfolio.md "Post and portfolio status": green published, yellow draft, gray archived. */
export const STATUS_TONE: Record<PostStatus, Tone> = { published: "green", draft: "yellow", archived: "gray" };
export const STATUS_LABEL: Record<PostStatus, string> = {
  draft: "Draft",
  published: "Published",
  archived: "Archived",
};

/** docs/product/posts-and-portfolio.md "Post manager": the type filter All, Blog, Portfolio, Case Study. */
export const TYPE_LABEL: Record<PostType, string> = { blog: "Blog", portfolio: "Portfolio", case_study: "Case Study" };
export const TYPE_TONE: Record<PostType, Tone> = { blog: "blue", portfolio: "purple", case_study: "orange" };
export const TYPE_ICON: Record<PostType, LucideIcon> = { blog: FileText, portfolio: Briefcase, case_study: BookOpen };

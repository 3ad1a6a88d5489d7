import { useId } from "react";
import type { Post } from "~/contracts/post-content";
import { FeaturedImageField, SeoFields, StatusField, TextField, TitleSlugFields } from "./form-fields";
import { FormPanel } from "./form-panel";
import { useContentForm } from "./use-content-form";
import { useMediaPicker } from "./use-media-picker";
import { checkProject, EMPTY_PROJECT, portfolioFormValues, type PortfolioFormValues } from "./portfolio-values";

/** docs/product/posts-and-portfolio.md "Portfolio form": the project description is 8 rows. */
const DESCRIPTION_ROWS = 8;

/** 'Create New Portfolio Project' / 'Edit Portfolio Project' (docs/product/posts-and-portfolio.md "Portfolio form"). */
export function PortfolioForm({
  post,
  start,
  onClose,
}: {
  post: Post | null;
  start: PortfolioFormValues;
  onClose: () => void;
}) {
  const id = useId();
  const tags = post?.tags ?? null;
  const form = useContentForm({
    kind: "portfolio",
    noun: "project",
    post,
    base: post ? portfolioFormValues(post) : EMPTY_PROJECT,
    start,
    check: (values: PortfolioFormValues) => checkProject(values, tags),
    rename: { content: "description" },
    onSaved: onClose,
  });
  const { pick, picker } = useMediaPicker();

  return (
    <FormPanel
      title={post ? "Edit Portfolio Project" : "Create New Portfolio Project"}
      submitLabel={post ? "Update Project" : "Create Project"}
      form={form}
      onClose={onClose}
      outside={picker}
    >
      <div className="grid gap-4 md:grid-cols-2">
        <TitleSlugFields form={form} />
        <TextField
          form={form}
          name="live_url"
          label="Live URL"
          type="url"
          hint="The site's address, e.g. https://example.com"
        />
        <TextField form={form} name="github_url" label="GitHub URL" type="url" hint="The code, if it is public." />
        <TextField
          form={form}
          name="tech_stack"
          label="Tech stack"
          hint="Comma separated, for example: React, Tailwind CSS, Netlify"
        />
        <StatusField form={form} />
        <div className="flex items-center gap-2 md:col-span-2">
          <input
            id={`${id}-featured`}
            type="checkbox"
            checked={form.values.featured}
            onChange={(e) => form.set("featured", e.target.checked)}
            className="size-4 rounded border-slate-400 accent-brand-700"
          />
          <label htmlFor={`${id}-featured`} className="text-sm font-medium text-slate-800">
            Featured project
          </label>
        </div>
        <FeaturedImageField form={form} pick={pick} />
        <TextField
          form={form}
          name="excerpt"
          label="Short description"
          hint="One or two sentences for the project card."
          rows={2}
          className="md:col-span-2"
        />
        <SeoFields form={form} />
        <TextField
          form={form}
          name="description"
          label="Project description"
          required
          hint="Markdown: ## headings, **bold**, - lists, [links](https://...)."
          rows={DESCRIPTION_ROWS}
          className="md:col-span-2"
        />
      </div>
    </FormPanel>
  );
}

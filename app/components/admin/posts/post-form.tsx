import { lazy, Suspense, useCallback, useId } from "react";
import { POST_TYPES } from "~/contracts/post-kinds";
import type { Post } from "~/contracts/post-content";
import { InlineLoading } from "~/components/admin/ui/loading";
import { labelClass } from "../ui/styles";
import { FeaturedImageField, SelectField, SeoFields, StatusField, TextField, TitleSlugFields } from "./form-fields";
import { FormPanel } from "./form-panel";
import { TYPE_LABEL } from "./labels";
import { checkPost, EMPTY_POST, postFormValues, type PostFormValues } from "./post-values";
import { useContentForm } from "./use-content-form";
import { toPickedImage, useMediaPicker } from "./use-media-picker";

// The editor is heavy (CodeMirror): it loads when a post form opens, not with the list.
const MarkdownEditor = lazy(() => import("~/components/admin/editor/markdown-editor"));

/** docs/product/posts-and-portfolio.md "Editor autosave and drafts": 10 s in the post form. */
export const POST_AUTOSAVE_MS = 10_000;

const TYPE_OPTIONS = POST_TYPES.map((t) => ({ value: t, label: TYPE_LABEL[t] }));

/** 'Create New Post' / 'Edit Post' (docs/product/posts-and-portfolio.md "Post form"). */
export function PostForm({ post, start, onClose }: { post: Post | null; start: PostFormValues; onClose: () => void }) {
  const id = useId();
  const form = useContentForm({
    kind: "post",
    noun: "post",
    post,
    base: post ? postFormValues(post) : EMPTY_POST,
    start,
    check: checkPost,
    onSaved: onClose,
  });
  const { values: v, set, errors } = form;
  const { pick, picker } = useMediaPicker();
  const pickImage = useCallback(async () => {
    const item = await pick();
    return item ? toPickedImage(item) : null;
  }, [pick]);

  return (
    <FormPanel
      title={post ? "Edit Post" : "Create New Post"}
      submitLabel={post ? "Update Post" : "Create Post"}
      form={form}
      onClose={onClose}
      outside={picker}
    >
      <div className="grid gap-4 md:grid-cols-2">
        <TitleSlugFields form={form} />
        <TextField
          form={form}
          name="excerpt"
          label="Excerpt"
          hint="A sentence or two shown on the blog list."
          rows={3}
          className="md:col-span-2"
        />
        <FeaturedImageField form={form} pick={pick} />
        <StatusField form={form} />
        <SelectField form={form} name="post_type" label="Type" options={TYPE_OPTIONS} />
        <SeoFields form={form} />
        <TextField
          form={form}
          name="tags"
          label="Tags"
          hint="Comma separated, for example: Tips, Small business"
          className="md:col-span-2"
        />
      </div>
      <div>
        <label htmlFor={`${id}-content`} className={labelClass}>
          Content
          <span aria-hidden="true" className="text-red-700">
            {" "}
            *
          </span>
        </label>
        <div className="mt-1">
          <Suspense fallback={<InlineLoading label="Loading editor..." />}>
            <MarkdownEditor
              id={`${id}-content`}
              value={v.content}
              onChange={(x) => set("content", x)}
              autosaveInterval={POST_AUTOSAVE_MS}
              onAutosave={form.keepDraft}
              pickImage={pickImage}
              invalid={Boolean(errors.content)}
              describedBy={errors.content ? `${id}-content-error` : undefined}
            />
          </Suspense>
        </div>
        {errors.content && (
          <p id={`${id}-content-error`} className="mt-1 text-sm text-red-700">
            {errors.content}
          </p>
        )}
      </div>
    </FormPanel>
  );
}

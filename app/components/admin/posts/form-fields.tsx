import { useState } from "react";
import { ImageIcon } from "lucide-react";
import { POST_STATUSES, type PostStatus } from "~/contracts/post-kinds";
import { resolveFeaturedImage } from "~/contracts/post-content";
import type { PickedMedia } from "../media/media-picker";
import { Field } from "../ui/field";
import { adminButton } from "../ui/styles";
import { STATUS_LABEL } from "./labels";

/**
 * Fields both manager forms have (docs/product/posts-and-portfolio.md "Post form",
 * "Portfolio form"): title, slug, status, featured image, SEO, text.
 */
type Errors = Record<string, string | undefined>;
type StringKeys<V> = { [K in keyof V]: V[K] extends string ? K : never }[keyof V] & string;

/** What the fields need of a form (useContentForm). */
export interface FormLike<V> {
  values: V;
  // A method, so a form with more fields still fits (method parameters are bivariant).
  set<K extends keyof V & string>(key: K, value: V[K]): void;
  errors: Errors;
}
type CommonValues = { title: string; slug: string; status: PostStatus; seo_title: string; seo_description: string };

/** One labelled text input (or a textarea with `rows`) bound to a form field. */
export function TextField<V>({
  form,
  name,
  label,
  hint,
  rows,
  type,
  required,
  className = "",
}: {
  form: FormLike<V>;
  name: StringKeys<V>;
  label: string;
  hint?: string;
  rows?: number;
  type?: "url";
  required?: boolean;
  /** Placement in the form's grid. */
  className?: string;
}) {
  const value = form.values[name] as string;
  const onChange = (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
    form.set(name, e.target.value as V[typeof name]);
  return (
    <div className={className}>
      <Field label={label} hint={hint} required={required} error={form.errors[name]}>
        {(p) =>
          rows ? (
            <textarea {...p} rows={rows} required={required} value={value} onChange={onChange} />
          ) : (
            <input {...p} type={type} inputMode={type} required={required} value={value} onChange={onChange} />
          )
        }
      </Field>
    </div>
  );
}

export function TitleSlugFields({ form }: { form: FormLike<CommonValues> }) {
  return (
    <>
      <TextField form={form} name="title" label="Title" required />
      <Field
        label="Slug"
        hint="Made from the title until you change it. Lowercase letters, digits and hyphens."
        error={form.errors.slug}
      >
        {(p) => (
          <input
            {...p}
            value={form.values.slug}
            spellCheck={false}
            autoCapitalize="none"
            className={`${p.className} font-mono`}
            onChange={(e) => form.set("slug", e.target.value)}
          />
        )}
      </Field>
    </>
  );
}

/** A labelled select bound to a form field. */
export function SelectField<V>({
  form,
  name,
  label,
  options,
}: {
  form: FormLike<V>;
  name: StringKeys<V>;
  label: string;
  options: { value: string; label: string }[];
}) {
  return (
    <Field label={label} error={form.errors[name]}>
      {(p) => (
        <select
          {...p}
          value={form.values[name] as string}
          onChange={(e) => form.set(name, e.target.value as V[typeof name])}
        >
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

const STATUS_OPTIONS = POST_STATUSES.map((s) => ({ value: s, label: STATUS_LABEL[s] }));

export function StatusField({ form }: { form: FormLike<CommonValues> }) {
  return <SelectField form={form} name="status" label="Status" options={STATUS_OPTIONS} />;
}

/** A URL or a file name, with Browse (the media picker) and a preview of the image. */
export function FeaturedImageField({
  form,
  pick,
}: {
  form: FormLike<{ featured_image: string }>;
  /** The form's media picker: the chosen file's address fills the field. */
  pick: () => Promise<PickedMedia | null>;
}) {
  const value = form.values.featured_image;
  const onChange = (next: string) => form.set("featured_image", next);
  const browse = async () => {
    const item = await pick();
    if (item) onChange(item.url);
  };
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const src = value.trim() ? resolveFeaturedImage(value) : null;
  return (
    <div className="grid gap-2 md:col-span-2">
      <Field
        label="Featured image"
        hint="An image address, a file name, or Browse to choose from the media library."
        error={form.errors.featured_image}
      >
        {(p) => (
          <div className="flex gap-2">
            <input
              {...p}
              value={value}
              className={`${p.className} min-w-0 flex-1`}
              onChange={(e) => onChange(e.target.value)}
            />
            <button type="button" className={`${adminButton.secondary} shrink-0`} onClick={() => void browse()}>
              <ImageIcon className="size-4" aria-hidden="true" /> Browse
              <span className="sr-only"> media for the featured image</span>
            </button>
          </div>
        )}
      </Field>
      {src &&
        (failedSrc === src ? (
          <p className="rounded-lg bg-yellow-50 px-3 py-2 text-sm text-yellow-900">
            No image could be loaded from {src}. Check the address or choose one with Browse.
          </p>
        ) : (
          <img
            src={src}
            alt="Featured preview"
            onError={() => setFailedSrc(src)}
            className="h-36 w-full max-w-xs rounded-lg bg-slate-100 object-cover ring-1 ring-slate-200"
          />
        ))}
    </div>
  );
}

export function SeoFields({ form }: { form: FormLike<CommonValues> }) {
  return (
    <>
      <TextField
        form={form}
        name="seo_title"
        label="SEO title"
        hint="Shown in search results; the title is used when empty."
      />
      <TextField
        form={form}
        name="seo_description"
        label="SEO description"
        hint="One or two sentences for search results (up to 320 characters)."
        rows={3}
      />
    </>
  );
}

import { useId } from "react";
import { cardClass } from "~/components/admin/ui/styles";
import type { SettingsFormValues } from "./form-values";
import type { ChangeValues } from "./use-settings-form";

/** What each section of the form gets: the values, the way to change them, and the server's refusals by field. */
export interface SectionProps {
  values: SettingsFormValues;
  change: ChangeValues;
  errors: Record<string, string>;
}

/** One titled card of the settings form. */
export function SettingsSection({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: React.ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={`${cardClass} grid gap-5`}>
      <div>
        <h2 id={id} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        {description && <p className="mt-1 text-sm text-slate-600">{description}</p>}
      </div>
      {children}
    </section>
  );
}

import { useId } from "react";
import { Field } from "~/components/admin/ui/field";
import { labelClass } from "~/components/admin/ui/styles";
import { WIDGET_POSITIONS, WIDGET_THEMES, type WidgetPosition, type WidgetTheme } from "~/contracts/chat-settings";
import { SettingsSection, type SectionProps } from "./settings-section";

const POSITION_LABELS: Record<WidgetPosition, string> = {
  "bottom-right": "Bottom right",
  "bottom-left": "Bottom left",
};

const THEME_LABELS: Record<WidgetTheme, { label: string; text: string; swatch: string }> = {
  primary: { label: "Primary", text: "The site's blue", swatch: "bg-brand-700" },
  dark: { label: "Dark", text: "Slate, light text", swatch: "bg-slate-900" },
  light: { label: "Light", text: "White header", swatch: "bg-white ring-1 ring-slate-300" },
};

const PAGES_HINT = "One a line: a path (/pricing), a path ending in * for every page under it (/blog*), or all.";

/** Where the widget sits, how it looks, and on which pages it shows. */
export function AppearanceSection({ values, change, errors }: SectionProps) {
  const look = values.appearance;
  const set = (patch: Partial<typeof look>, field: string) =>
    change((v) => ({ ...v, appearance: { ...v.appearance, ...patch } }), `appearance.${field}`);
  return (
    <SettingsSection title="Appearance" description="How the widget looks and where it shows.">
      <Choices
        legend="Position"
        value={look.position}
        options={WIDGET_POSITIONS.map((value) => ({ value, label: POSITION_LABELS[value] }))}
        onChange={(position) => set({ position }, "position")}
      />
      <Choices
        legend="Theme"
        value={look.theme}
        options={WIDGET_THEMES.map((value) => ({ value, ...THEME_LABELS[value] }))}
        onChange={(theme) => set({ theme }, "theme")}
      />
      <Field
        label="Show on pages"
        hint={`${PAGES_HINT} Empty: every page.`}
        error={errorUnder(errors, "appearance.show_on_pages")}
      >
        {(props) => (
          <textarea
            {...props}
            rows={3}
            spellCheck={false}
            value={look.show_on_pages}
            onChange={(e) => set({ show_on_pages: e.target.value }, "show_on_pages")}
            className={`${props.className} font-mono`}
          />
        )}
      </Field>
      <Field
        label="Hide on pages"
        hint={`${PAGES_HINT} Wins over Show on pages.`}
        error={errorUnder(errors, "appearance.hide_on_pages")}
      >
        {(props) => (
          <textarea
            {...props}
            rows={3}
            spellCheck={false}
            value={look.hide_on_pages}
            onChange={(e) => set({ hide_on_pages: e.target.value }, "hide_on_pages")}
            className={`${props.className} font-mono`}
          />
        )}
      </Field>
    </SettingsSection>
  );
}

/** A list's refusal names the item (`appearance.show_on_pages.2`): shown under the list. */
const errorUnder = (errors: Record<string, string>, field: string) =>
  Object.entries(errors).find(([key]) => key === field || key.startsWith(`${field}.`))?.[1];

/** A group of radio buttons drawn as cards. */
function Choices<T extends string>({
  legend,
  value,
  options,
  onChange,
}: {
  legend: string;
  value: T;
  options: { value: T; label: string; text?: string; swatch?: string }[];
  onChange: (value: T) => void;
}) {
  const name = useId();
  return (
    <fieldset>
      <legend className={labelClass}>{legend}</legend>
      <div className={`mt-2 grid gap-3 ${options.length === 2 ? "sm:grid-cols-2" : "sm:grid-cols-3"}`}>
        {options.map((option) => (
          <label
            key={option.value}
            className="flex cursor-pointer items-center gap-3 rounded-lg border border-slate-300 p-3 text-sm has-checked:border-brand-600 has-checked:bg-brand-50 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-600"
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              aria-describedby={option.text ? `${name}-${option.value}` : undefined}
              className="size-4 accent-brand-700"
            />
            {option.swatch && <span aria-hidden="true" className={`size-6 shrink-0 rounded-full ${option.swatch}`} />}
            <span className="min-w-0">
              <span className="block font-medium text-slate-900">{option.label}</span>
              {/* Read as the choice's description, not as part of its name. */}
              {option.text && (
                <span id={`${name}-${option.value}`} aria-hidden="true" className="block text-slate-600">
                  {option.text}
                </span>
              )}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

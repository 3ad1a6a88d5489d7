import { Field } from "~/components/admin/ui/field";
import { SettingsSection, type SectionProps } from "./settings-section";
import { SwitchField } from "./switch-field";

/** The most a message may hold (ChatSettingsSchema). */
export const MESSAGE_MAX_LENGTH = 1000;

/** On or off, and what the assistant says first. */
export function GeneralSection({ values, change, errors }: SectionProps) {
  return (
    <SettingsSection title="Chat widget" description="The assistant in the corner of every public page.">
      <SwitchField
        label="Chat enabled"
        description="Off: visitors see no chat widget anywhere on the site."
        checked={values.enabled}
        onCheckedChange={(enabled) => change((v) => ({ ...v, enabled }), "enabled")}
      />
      <Field
        label="Welcome message"
        hint="The assistant's first words when a visitor opens the chat."
        error={errors.welcome_message}
        required
      >
        {(props) => (
          <textarea
            {...props}
            rows={3}
            required
            className={`${props.className} min-h-20 field-sizing-content`}
            maxLength={MESSAGE_MAX_LENGTH}
            value={values.welcome_message}
            onChange={(e) => change((v) => ({ ...v, welcome_message: e.target.value }), "welcome_message")}
          />
        )}
      </Field>
      <Field
        label="Offline message"
        hint="Shown above the conversation outside business hours, while business hours are on."
        error={errors.offline_message}
        required
      >
        {(props) => (
          <textarea
            {...props}
            rows={3}
            required
            className={`${props.className} min-h-20 field-sizing-content`}
            maxLength={MESSAGE_MAX_LENGTH}
            value={values.offline_message}
            onChange={(e) => change((v) => ({ ...v, offline_message: e.target.value }), "offline_message")}
          />
        )}
      </Field>
    </SettingsSection>
  );
}

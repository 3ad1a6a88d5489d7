import { Field } from "~/components/admin/ui/field";
import { SettingsSection, type SectionProps } from "./settings-section";
import { SwitchField } from "~/components/admin/ui/switch-field";

/** The most a message may hold (ChatSettingsSchema). */
export const MESSAGE_MAX_LENGTH = 1000;

interface MessageFieldProps {
  label: string;
  hint: string;
  error?: string;
  value: string;
  onChange: (value: string) => void;
}

/** A required message of the assistant: a textarea that grows with its text, up to MESSAGE_MAX_LENGTH. */
export function MessageField({ label, hint, error, value, onChange }: MessageFieldProps) {
  return (
    <Field label={label} hint={hint} error={error} required>
      {(props) => (
        <textarea
          {...props}
          rows={3}
          required
          className={`${props.className} min-h-20 field-sizing-content`}
          maxLength={MESSAGE_MAX_LENGTH}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </Field>
  );
}

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
      <MessageField
        label="Welcome message"
        hint="The assistant's first words when a visitor opens the chat."
        error={errors.welcome_message}
        value={values.welcome_message}
        onChange={(welcome) => change((v) => ({ ...v, welcome_message: welcome }), "welcome_message")}
      />
      <MessageField
        label="Offline message"
        hint="Shown above the conversation outside business hours, while business hours are on."
        error={errors.offline_message}
        value={values.offline_message}
        onChange={(offline) => change((v) => ({ ...v, offline_message: offline }), "offline_message")}
      />
    </SettingsSection>
  );
}

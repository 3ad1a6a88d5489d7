import { useState } from "react";
import { Field } from "~/components/admin/ui/field";
import { RESPONSE_DELAY, RESPONSE_DELAY_RULE } from "~/contracts/chat-settings";
import { MessageField } from "./general-section";
import { SettingsSection, type SectionProps } from "./settings-section";
import { SwitchField } from "~/components/admin/ui/switch-field";

const DELAY_FIELD = "auto_responses.response_delay";

/** The assistant's automatic answers: on or off, how long it "types", and what it says when no answer fits. */
export function RepliesSection({ values, change, errors }: SectionProps) {
  const replies = values.auto_responses;
  // The browser refuses a delay out of range or off the steps before anything is sent; say so beside it too.
  const [refused, setRefused] = useState(false);
  const set = (patch: Partial<typeof replies>, field: string) =>
    change((v) => ({ ...v, auto_responses: { ...v.auto_responses, ...patch } }), `auto_responses.${field}`);
  const seconds = Number(replies.response_delay) / 1000;
  return (
    <SettingsSection
      title="Auto responses"
      description="The assistant answers common questions (prices, timing, your area, what's included) by itself."
    >
      <SwitchField
        label="Automatic answers"
        description="Off: every question gets the fallback message below, and only the project-inquiry quick question is offered."
        checked={replies.enabled}
        onCheckedChange={(enabled) => set({ enabled }, "enabled")}
      />
      <Field
        label="Response delay (ms)"
        hint={`${RESPONSE_DELAY.min} to ${RESPONSE_DELAY.max} ms, in steps of ${RESPONSE_DELAY.step}: how long the typing dots show before an answer${
          Number.isFinite(seconds) && replies.response_delay.trim() ? ` (now ${seconds} s)` : ""
        }.`}
        error={errors[DELAY_FIELD] ?? (refused ? RESPONSE_DELAY_RULE : undefined)}
        required
      >
        {(props) => (
          <input
            {...props}
            className={`${props.className} sm:max-w-48`}
            type="number"
            inputMode="numeric"
            required
            min={RESPONSE_DELAY.min}
            max={RESPONSE_DELAY.max}
            step={RESPONSE_DELAY.step}
            value={replies.response_delay}
            onInvalid={() => setRefused(true)}
            onChange={(e) => {
              setRefused(false);
              set({ response_delay: e.target.value }, "response_delay");
            }}
          />
        )}
      </Field>
      <MessageField
        label="Fallback message"
        hint="The answer when no topic fits the question (and to every question while automatic answers are off)."
        error={errors["auto_responses.fallback_message"]}
        value={replies.fallback_message}
        onChange={(fallback_message) => set({ fallback_message }, "fallback_message")}
      />
    </SettingsSection>
  );
}

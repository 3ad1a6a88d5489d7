import { SettingsSection, type SectionProps } from "./settings-section";
import { SwitchField } from "~/components/admin/ui/switch-field";

/** Which of the widget's events go to analytics (only ever for visitors who allowed analytics). */
export function AnalyticsSection({ values, change }: SectionProps) {
  const set = (patch: Partial<SectionProps["values"]["analytics"]>, field: string) =>
    change((v) => ({ ...v, analytics: { ...v.analytics, ...patch } }), `analytics.${field}`);
  return (
    <SettingsSection
      title="Analytics"
      description="Chat events are only ever sent for visitors who allowed analytics in the cookie banner."
    >
      <SwitchField
        label="Track interactions"
        description="Opening the chat, and the topic of each question asked."
        checked={values.analytics.track_interactions}
        onCheckedChange={(track_interactions) => set({ track_interactions }, "track_interactions")}
      />
      <SwitchField
        label="Track inquiries"
        description="A project inquiry started from the chat."
        checked={values.analytics.track_inquiries}
        onCheckedChange={(track_inquiries) => set({ track_inquiries }, "track_inquiries")}
      />
    </SettingsSection>
  );
}

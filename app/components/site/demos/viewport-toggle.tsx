import { DEMO_VIEWPORTS, type DemoViewport } from "~/content/demos";
import { MonitorIcon, SmartphoneIcon, TabletIcon } from "~/components/ui/icons";

const ICONS = { desktop: MonitorIcon, tablet: TabletIcon, mobile: SmartphoneIcon } as const;

interface ViewportToggleProps {
  value: DemoViewport;
  onChange: (viewport: DemoViewport) => void;
}

/** Desktop / tablet / mobile: the width the viewer draws the demo at. */
export function ViewportToggle({ value, onChange }: ViewportToggleProps) {
  return (
    <fieldset className="m-0 min-w-0 border-0 p-0">
      <legend className="sr-only">Viewer screen size</legend>
      <div className="inline-flex rounded-xl bg-slate-100 p-1 ring-1 ring-slate-200">
        {DEMO_VIEWPORTS.map((viewport) => {
          const Icon = ICONS[viewport.id];
          const active = viewport.id === value;
          return (
            <button
              key={viewport.id}
              type="button"
              aria-pressed={active}
              onClick={() => onChange(viewport.id)}
              className={`inline-flex min-h-10 items-center gap-2 rounded-lg px-3 py-2 text-sm font-semibold transition-colors ${
                active
                  ? "bg-white text-brand-800 shadow-sm ring-1 ring-slate-200"
                  : "text-slate-700 hover:text-brand-800"
              }`}
            >
              <Icon className="h-4 w-4" />
              {viewport.label}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}

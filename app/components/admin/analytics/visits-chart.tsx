import { Area, AreaChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { AnalyticsReport } from "~/contracts/analytics-report";
import { shortDay } from "./format";

const BRAND = "#17527c"; // brand-700
const ACCENT = "#4899cc"; // brand-400

/**
 * Visits and unique visitors per day (recharts). Loaded on demand by the analytics screen
 * (React.lazy), so no other admin screen downloads the charting library. The same figures are in
 * the table beside it for screen readers and keyboard users.
 */
export default function VisitsChart({ days }: { days: AnalyticsReport["days"] }) {
  return (
    <div className="h-64 w-full sm:h-72" data-testid="visits-chart">
      <ResponsiveContainer width="100%" height="100%">
        <AreaChart data={days} margin={{ top: 8, right: 8, bottom: 0, left: -16 }} accessibilityLayer={false}>
          <CartesianGrid stroke="#e2e8f0" vertical={false} />
          <XAxis
            dataKey="day"
            tickFormatter={shortDay}
            tick={{ fontSize: 12, fill: "#475569" }}
            minTickGap={24}
            tickLine={false}
            axisLine={{ stroke: "#cbd5e1" }}
          />
          <YAxis allowDecimals={false} tick={{ fontSize: 12, fill: "#475569" }} tickLine={false} axisLine={false} />
          <Tooltip labelFormatter={(label) => shortDay(String(label))} />
          <Legend wrapperStyle={{ fontSize: 13 }} />
          <Area
            type="monotone"
            dataKey="visits"
            name="Visits"
            stroke={BRAND}
            fill={BRAND}
            fillOpacity={0.15}
            strokeWidth={2}
            isAnimationActive={false}
          />
          <Area
            type="monotone"
            dataKey="visitors"
            name="Unique visitors"
            stroke={ACCENT}
            fill={ACCENT}
            fillOpacity={0.1}
            strokeWidth={2}
            strokeDasharray="5 3"
            isAnimationActive={false}
          />
        </AreaChart>
      </ResponsiveContainer>
    </div>
  );
}

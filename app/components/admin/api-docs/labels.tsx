import type { HttpMethod } from "./openapi";

/** Each method its own colour (AA contrast on its background). */
const METHOD_CLASS: Record<HttpMethod, string> = {
  get: "bg-blue-100 text-blue-900 ring-blue-300",
  post: "bg-green-100 text-green-900 ring-green-300",
  put: "bg-orange-100 text-orange-900 ring-orange-300",
  patch: "bg-purple-100 text-purple-900 ring-purple-300",
  delete: "bg-red-100 text-red-900 ring-red-300",
};

export function MethodBadge({ method }: { method: HttpMethod }) {
  return (
    <span
      className={`inline-flex w-16 shrink-0 justify-center rounded-md px-1.5 py-0.5 font-mono text-xs font-bold ring-1 ${METHOD_CLASS[method]}`}
    >
      {method.toUpperCase()}
    </span>
  );
}

/** docs/product/api-docs.md "The tester": 2xx green, 4xx yellow, 5xx red (1xx and 3xx blue). */
export function statusTone(status: number | string): "green" | "yellow" | "red" | "blue" {
  const code = Number(String(status).slice(0, 1));
  if (code === 2) return "green";
  if (code === 4) return "yellow";
  if (code === 5) return "red";
  return "blue";
}

export const STATUS_PANEL_CLASS = {
  green: "border-green-300 bg-green-50 text-green-900",
  yellow: "border-yellow-300 bg-yellow-50 text-yellow-900",
  red: "border-red-300 bg-red-50 text-red-900",
  blue: "border-blue-300 bg-blue-50 text-blue-900",
} as const;

export const STATUS_BADGE_CLASS = {
  green: "bg-green-100 text-green-900",
  yellow: "bg-yellow-100 text-yellow-900",
  red: "bg-red-100 text-red-900",
  blue: "bg-blue-100 text-blue-900",
} as const;

import { useState } from "react";
import { Link } from "react-router";
import { useQueryClient } from "@tanstack/react-query";
import {
  AlertTriangle,
  ArrowLeft,
  Briefcase,
  CheckCircle2,
  ExternalLink,
  FileText,
  Upload,
  XCircle,
} from "lucide-react";
import type { LucideIcon } from "lucide-react";
import type { Route } from "./+types/migration";
import { migrationEndpoints } from "~/contracts/migration";
import { adminCall } from "~/lib/admin/call";
import { ApiError } from "~/lib/api/call";
import { MigrationOutcomeSchema, type MigrationKind } from "~/contracts/migration";
import { adminMeta } from "~/lib/admin/meta";
import { adminButton, cardClass } from "~/components/admin/ui/styles";
import { Spinner } from "~/components/admin/ui/loading";

export const meta: Route.MetaFunction = () => adminMeta("Content Migration");

type Kind = MigrationKind;

/** docs/product/migration.md "Migration card": idle, loading, success, error. */
type CardState =
  | { status: "idle" }
  | { status: "loading" }
  | { status: "success"; message: string }
  | { status: "error"; message: string };

const CARDS: readonly {
  kind: Kind;
  title: string;
  label: string;
  icon: LucideIcon;
  text: string;
  live: { to: string; label: string };
}[] = [
  {
    kind: "portfolio",
    title: "Portfolio Projects",
    label: "Portfolio",
    icon: Briefcase,
    text: "Loads the portfolio projects that ship with the site (content/portfolio): the concept projects and the live demos, with their tech stacks, live links and featured flags.",
    live: { to: "/projects", label: "View live portfolio" },
  },
  {
    kind: "blog",
    title: "Blog Posts",
    label: "Blog",
    icon: FileText,
    text: "Loads the blog posts that ship with the site (content/blog): the guides for Rhode Island small-business owners, published on their original dates.",
    live: { to: "/blog", label: "View live blog" },
  },
];

/**
 * A migration as this screen reads its answer: the success and the message alone
 * (MigrationOutcomeSchema), so a success without a message still shows the fallback text.
 */
const migrationOf = (kind: Kind) => ({ ...migrationEndpoints[kind], answer: MigrationOutcomeSchema });

/** docs/product/migration.md "Migration card": the server's message, or the fallbacks. */
function failureMessage(kind: Kind, error: unknown): string {
  if (error instanceof ApiError && error.status === 0)
    return "Migration failed: the server could not be reached. Check your connection and try again.";
  if (error instanceof ApiError && error.status >= 400) return error.serverMessage || `Failed to migrate ${kind}`;
  if (error instanceof ApiError) return error.message || `Failed to migrate ${kind}`;
  return `Migration failed: ${error instanceof Error ? error.message : String(error)}`;
}

/** docs/product/migration.md "The screen": load the shipped portfolio and blog content into the database. */
export default function Migration() {
  const queryClient = useQueryClient();
  const [states, setStates] = useState<Record<Kind, CardState>>({
    portfolio: { status: "idle" },
    blog: { status: "idle" },
  });
  const running = Object.values(states).some((s) => s.status === "loading");

  async function migrate(kind: Kind, label: string) {
    setStates((all) => ({ ...all, [kind]: { status: "loading" } }));
    try {
      const answer = await adminCall(migrationOf(kind), { fallbackError: `Failed to migrate ${kind}` });
      setStates((all) => ({
        ...all,
        [kind]: { status: "success", message: answer.message || `${label} migration completed successfully!` },
      }));
      // Every list of posts on other screens is now stale.
      void queryClient.invalidateQueries();
    } catch (error) {
      setStates((all) => ({ ...all, [kind]: { status: "error", message: failureMessage(kind, error) } }));
    }
  }

  return (
    <div className="grid gap-6">
      <header>
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Content Migration</h1>
        <p className="mt-1 text-slate-600">
          Load the portfolio projects and blog posts that ship with the site into the database.
        </p>
      </header>

      <aside
        className="flex gap-3 rounded-xl border border-yellow-300 bg-yellow-50 p-4 text-sm text-yellow-900"
        aria-labelledby="migration-warning-title"
      >
        <AlertTriangle className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
        <div className="grid gap-2">
          <p id="migration-warning-title" className="font-semibold">
            This overwrites production content
          </p>
          <ul className="list-disc space-y-1 pl-5">
            <li>
              A post or project with the same slug as a shipped file is replaced by the shipped version, including any
              edits you made here in the admin. Its view count is kept.
            </li>
            <li>Shipped files with new slugs are added. Everything else you wrote is left alone.</li>
            <li>
              Each migration is all or nothing: if one file has a problem, nothing is changed and the error names the
              file. Only one migration runs at a time.
            </li>
          </ul>
        </div>
      </aside>

      <div className="grid gap-6 md:grid-cols-2">
        {CARDS.map((card) => {
          const state = states[card.kind];
          const titleId = `migrate-${card.kind}-title`;
          return (
            <section key={card.kind} className={`${cardClass} flex flex-col gap-4`} aria-labelledby={titleId}>
              <div className="flex items-start gap-3">
                <span className="rounded-lg bg-brand-50 p-2 text-brand-700">
                  <card.icon className="size-6" aria-hidden="true" />
                </span>
                <div>
                  <h2 id={titleId} className="text-lg font-semibold text-slate-900">
                    {card.title}
                  </h2>
                  <p className="mt-1 text-sm text-slate-600">{card.text}</p>
                </div>
              </div>

              <div role="status" aria-live="polite" className="min-h-6 text-sm">
                {state.status === "loading" && (
                  <p className="flex items-center gap-2 text-slate-700">
                    <Spinner />
                    Starting migration...
                  </p>
                )}
                {state.status === "success" && (
                  <p className="flex items-start gap-2 rounded-lg bg-green-50 p-3 text-green-900">
                    <CheckCircle2 className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                    {state.message}
                  </p>
                )}
                {state.status === "error" && (
                  <p className="flex items-start gap-2 rounded-lg bg-red-50 p-3 break-words text-red-900">
                    <XCircle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                    <span className="min-w-0">{state.message}</span>
                  </p>
                )}
              </div>

              <div className="mt-auto flex flex-wrap items-center gap-3">
                <button
                  type="button"
                  className={adminButton.primary}
                  disabled={running}
                  aria-describedby={titleId}
                  onClick={() => void migrate(card.kind, card.label)}
                >
                  <Upload className="size-4" aria-hidden="true" />
                  {state.status === "loading" ? "Migrating..." : `Migrate ${card.title}`}
                </button>
                <Link to={card.live.to} target="_blank" rel="noopener" className={adminButton.ghost}>
                  <ExternalLink className="size-4" aria-hidden="true" />
                  {card.live.label}
                  <span className="sr-only">(opens in a new tab)</span>
                </Link>
              </div>
            </section>
          );
        })}
      </div>

      <p>
        <Link to="/admin" className={adminButton.secondary}>
          <ArrowLeft className="size-4" aria-hidden="true" />
          Back to Dashboard
        </Link>
      </p>
    </div>
  );
}

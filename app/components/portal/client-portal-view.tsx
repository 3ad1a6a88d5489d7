import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from "react";
import { portalCopy } from "~/content/portal-pages";
import type { PortalProject } from "~/contracts/client-portal";
import { PORTAL_MESSAGES, projectIdFromPortalHash, type LookupType } from "~/contracts/portal-terms";
import {
  endPortalSession,
  forgetPortalToken,
  loadPortalProjects,
  lookupProjects,
  storedPortalToken,
  storePortalToken,
} from "~/lib/portal/portal-api";
import { FormAlert } from "~/components/site/forms/form-alert";
import { LookupForm } from "./lookup-form";
import { lazyView } from "~/components/ui/lazy-view";

/** The projects, once found: loaded with the answer. */
const ProjectDetail = lazyView(() => import("./project-detail").then((m) => m.ProjectDetail));
const ProjectList = lazyView(() => import("./project-list").then((m) => m.ProjectList));

type View =
  | { kind: "search"; notice?: string }
  | { kind: "loading" }
  | { kind: "projects"; token: string; projects: PortalProject[]; selected: string | null };

const showProjects = (token: string, projects: PortalProject[]): View => ({
  kind: "projects",
  token,
  projects,
  selected: projects.length === 1 ? projects[0]!.id : null,
});

/**
 * The portal's states (docs/product/client-portal.md "Lookup", "Sessions", "Results"): the lookup;
 * with a portal session in this tab, its projects: a list when there are several ('New Search',
 * 'Back to Projects'), else the project itself.
 */
const noSubscription = () => () => {};
/**
 * A project link's lookup under way (its fragment already left the address bar): kept outside
 * the component, so a remount (React's development double effect) waits for the same answer.
 */
const linkLookup: { promise: ReturnType<typeof lookupProjects> | null } = { promise: null };
/** The Project ID of a link: in the fragment, or in the query (a quote's e-mail, the way back from Checkout). */
const linkedProjectId = () =>
  projectIdFromPortalHash(window.location.hash) ?? projectIdFromPortalHash(window.location.search);

export function ClientPortalView({ initialType }: { initialType?: LookupType }) {
  // Null until the stored session (if any) has been read: the page renders the lookup on the
  // server, and 'loading' in a tab that holds a session.
  const [view, setView] = useState<View | null>(null);
  // A stored session or a project link: 'loading' rather than the lookup form, until they are read.
  const hasSession = useSyncExternalStore(
    noSubscription,
    () => storedPortalToken() !== null || linkLookup.promise !== null || linkedProjectId() !== null,
    () => false,
  );
  const focusNext = useRef(false);

  useEffect(() => {
    let live = true;
    const follow = (promise: NonNullable<typeof linkLookup.promise>) =>
      void promise.then((result) => {
        if (!live || linkLookup.promise !== promise) return;
        linkLookup.promise = null;
        if (result.ok && "portal_token" in result.data && result.data.projects.length > 0) {
          storePortalToken(result.data.portal_token);
          focusNext.current = true;
          setView(showProjects(result.data.portal_token, result.data.projects));
          return;
        }
        setView({
          kind: "search",
          notice: !result.ok && result.network ? PORTAL_MESSAGES.network : PORTAL_MESSAGES.notFound,
        });
      });
    // A link with the Project ID (the confirmation page, the chat's banner, the e-mails) opens
    // that project: the ID leaves the address bar, then is looked up like a typed one.
    const takeLink = () => {
      const linked = linkedProjectId();
      if (!linked) return null;
      linkLookup.promise = lookupProjects({ type: "project-id", identifier: linked });
      const url = new URL(window.location.href);
      url.searchParams.delete("project");
      window.history.replaceState(window.history.state, "", url.pathname + url.search);
      return linkLookup.promise;
    };
    // The same link followed in a portal tab that is already open changes only the fragment:
    // that project is looked up as in a fresh tab.
    const onHashChange = () => {
      const promise = takeLink();
      if (!promise) return;
      setView({ kind: "loading" });
      follow(promise);
    };
    window.addEventListener("hashchange", onHashChange);
    const stop = () => {
      live = false;
      window.removeEventListener("hashchange", onHashChange);
    };
    takeLink();
    if (linkLookup.promise) {
      follow(linkLookup.promise);
      return stop;
    }

    const token = storedPortalToken();
    if (!token) return stop;
    void loadPortalProjects(token).then((result) => {
      // A project link followed meanwhile decides what shows.
      if (!live || linkLookup.promise) return;
      if (result.ok && result.data.projects.length > 0) {
        focusNext.current = true;
        setView(showProjects(token, result.data.projects));
        return;
      }
      if (!result.ok && result.network) {
        setView({ kind: "search", notice: PORTAL_MESSAGES.network });
        return;
      }
      forgetPortalToken();
      setView({ kind: "search", notice: result.ok ? PORTAL_MESSAGES.notFound : PORTAL_MESSAGES.signedOut });
    });
    return stop;
  }, []);

  // A new list or project: its heading takes focus, so keyboard and screen-reader users follow.
  const headingRef = useCallback((node: HTMLHeadingElement | null) => {
    if (!node || !focusNext.current) return;
    focusNext.current = false;
    node.focus();
  }, []);

  function go(next: View) {
    focusNext.current = true;
    setView(next);
    window.scrollTo({ top: 0 });
  }

  function newSearch() {
    if (view?.kind === "projects") void endPortalSession(view.token);
    setView({ kind: "search" });
  }

  const current: View = view ?? (hasSession ? { kind: "loading" } : { kind: "search" });
  if (current.kind === "loading")
    return (
      <p role="status" className="text-slate-700">
        {portalCopy.loading}
      </p>
    );

  if (current.kind === "projects") {
    const shown = current;
    const selected = shown.projects.find((p) => p.id === shown.selected);
    if (selected)
      return (
        <ProjectDetail
          project={selected}
          portalToken={shown.token}
          headingRef={headingRef}
          onNewSearch={newSearch}
          onBack={shown.projects.length > 1 ? () => go({ ...shown, selected: null }) : undefined}
        />
      );
    return (
      <ProjectList
        projects={shown.projects}
        headingRef={headingRef}
        onOpen={(id) => go({ ...shown, selected: id })}
        onNewSearch={newSearch}
      />
    );
  }

  return (
    <div className="max-w-3xl rounded-3xl border border-slate-200 bg-white p-5 shadow-lg sm:p-8">
      <h2 id="portal-form-title" className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
        {portalCopy.formTitle}
      </h2>
      <p className="mt-2 mb-6 text-slate-700">{portalCopy.formIntro}</p>
      {current.notice ? (
        <div className="mb-6">
          <FormAlert title={current.notice} />
        </div>
      ) : null}
      <LookupForm initialType={initialType} onFound={(projects, token) => go(showProjects(token, projects))} />
    </div>
  );
}

import { lazy, Suspense } from "react";
import { portalCopy } from "~/content/portal-pages";

/** What the project chat gets from the portal: the project, the portal session, and who is writing. */
export interface ProjectChatProps {
  projectId: string;
  portalToken: string;
  viewer: { name: string | null; email: string | null };
}

// The chat (docs/product/client-portal.md "Project chat") loads on demand.
const ProjectChat = lazy(() => import("./project-chat"));

/** The 'Project chat' section of a project's detail. */
export function ProjectChatSlot(props: ProjectChatProps) {
  return (
    <section aria-labelledby="portal-chat-title" className="rounded-2xl border border-slate-200 bg-white p-5 sm:p-6">
      <h3 id="portal-chat-title" className="text-xl font-bold text-slate-900">
        {portalCopy.chatTitle}
      </h3>
      <div className="mt-4">
        <Suspense fallback={<p className="text-slate-700">Loading the chat...</p>}>
          <ProjectChat {...props} />
        </Suspense>
      </div>
    </section>
  );
}

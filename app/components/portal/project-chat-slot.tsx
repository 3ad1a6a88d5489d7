import { lazy, Suspense, type ComponentType } from "react";
import { portalCopy } from "~/content/portal-pages";

/** What the project chat gets from the portal: the project, the portal session, and who is writing. */
export interface ProjectChatProps {
  projectId: string;
  portalToken: string;
  viewer: { name: string | null; email: string | null };
}

// The chat is its own piece of the portal (public-site spec 2.12 "project chat with file
// attachments"): rendered from ./project-chat.tsx when that module exists, loaded on demand.
const chatModules = import.meta.glob("./project-chat.tsx");
const loadChatModule = chatModules["./project-chat.tsx"];

function isChatComponent(value: unknown): value is ComponentType<ProjectChatProps> {
  return typeof value === "function";
}

const ProjectChat = loadChatModule
  ? lazy(async () => {
      const mod: unknown = await loadChatModule();
      const found =
        mod && typeof mod === "object"
          ? ["ProjectChat", "default"].map((name) => Reflect.get(mod, name)).find(isChatComponent)
          : undefined;
      const fallback: ComponentType<ProjectChatProps> = ChatComing;
      return { default: found ?? fallback };
    })
  : null;

function ChatComing() {
  return <p className="text-slate-700">{portalCopy.chatComing}</p>;
}

/** The 'Project chat' section of a project's detail. */
export function ProjectChatSlot(props: ProjectChatProps) {
  return (
    <section aria-labelledby="portal-chat-title" className="rounded-2xl border border-slate-200 bg-white p-5 sm:p-6">
      <h3 id="portal-chat-title" className="text-xl font-bold text-slate-900">
        {portalCopy.chatTitle}
      </h3>
      <div className="mt-4">
        {ProjectChat ? (
          <Suspense fallback={<p className="text-slate-700">Loading the chat...</p>}>
            <ProjectChat {...props} />
          </Suspense>
        ) : (
          <ChatComing />
        )}
      </div>
    </section>
  );
}

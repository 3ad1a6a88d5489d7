import { useEffect, useId, useRef, useState } from "react";
import { LINK_COPIED_MS, shareTargets } from "./share-targets";
import { LinkIcon, ShareIcon } from "./blog-icons";

interface ShareProps {
  /** Absolute address of the post. */
  url: string;
  title: string;
}

/** Copies the link; 'Link copied' for 2 s; a refused clipboard is only logged (docs/product/blog.md "Sharing"). */
function useCopyLink(url: string) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = async () => {
    try {
      if (!navigator.clipboard) throw new Error("Clipboard API unavailable");
      await navigator.clipboard.writeText(url);
      setCopied(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), LINK_COPIED_MS);
    } catch (error) {
      console.warn("Could not copy the link", error);
    }
  };
  return { copied, copy };
}

type ShareTarget = ReturnType<typeof shareTargets>[number];

/** One share target's link: e-mail opens the mail app in place, the networks in a new tab. */
function TargetLink({
  target,
  className,
  onClick,
  children,
}: {
  target: ShareTarget;
  className: string;
  onClick?: () => void;
  children: React.ReactNode;
}) {
  const external = target.id !== "email";
  return (
    <a
      href={target.href}
      target={external ? "_blank" : undefined}
      rel="noopener noreferrer"
      className={className}
      onClick={onClick}
    >
      {children}
      {external ? <span className="sr-only"> (opens in a new tab)</span> : null}
    </a>
  );
}

const chip =
  "inline-flex min-h-10 items-center gap-1.5 rounded-full border border-slate-300 bg-white px-3.5 py-1.5 text-sm font-semibold text-slate-800 hover:border-brand-400 hover:bg-brand-50 hover:text-brand-900";

/** The share row of a post page: every target visible at once. */
export function ShareBar({ url, title }: ShareProps) {
  const { copied, copy } = useCopyLink(url);
  return (
    <div className="flex flex-wrap items-center gap-2">
      <span className="mr-1 text-sm font-semibold text-slate-700">Share this article:</span>
      <ul className="contents">
        {shareTargets(url, title).map((target) => (
          <li key={target.id}>
            <TargetLink target={target} className={chip}>
              {target.label}
            </TargetLink>
          </li>
        ))}
        <li>
          <button type="button" onClick={copy} className={chip}>
            <LinkIcon className="h-4 w-4" />
            Copy link
          </button>
        </li>
      </ul>
      <span role="status" className="text-sm font-semibold text-emerald-700">
        {copied ? "Link copied" : ""}
      </span>
    </div>
  );
}

/** The compact share control of a blog card: a button that opens the same targets. */
export function ShareMenu({ url, title }: ShareProps) {
  const [open, setOpen] = useState(false);
  const { copied, copy } = useCopyLink(url);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      root.current?.querySelector<HTMLButtonElement>("button[aria-expanded]")?.focus();
    };
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);

  const item =
    "flex w-full items-center gap-2 rounded-lg px-3 py-2 text-left text-sm font-medium text-slate-800 hover:bg-brand-50 hover:text-brand-900";

  return (
    <div ref={root} className="relative">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
        className="inline-flex min-h-10 items-center gap-1.5 rounded-lg px-2.5 text-sm font-semibold text-slate-700 hover:bg-slate-100 hover:text-slate-900"
      >
        <ShareIcon className="h-4 w-4" />
        Share<span className="sr-only">: {title}</span>
      </button>
      <div
        id={menuId}
        hidden={!open}
        className="absolute right-0 bottom-full z-20 mb-2 w-56 rounded-xl border border-slate-200 bg-white p-2 shadow-lg"
      >
        <ul>
          {shareTargets(url, title).map((target) => (
            <li key={target.id}>
              <TargetLink target={target} className={item} onClick={() => setOpen(false)}>
                {target.id === "email" ? "Share by email" : `Share on ${target.label}`}
              </TargetLink>
            </li>
          ))}
          <li>
            <button type="button" onClick={copy} className={item}>
              <LinkIcon className="h-4 w-4" />
              Copy link
            </button>
          </li>
        </ul>
        <p role="status" className="px-3 pt-1 text-sm font-semibold text-emerald-700 empty:hidden">
          {copied ? "Link copied" : ""}
        </p>
      </div>
    </div>
  );
}

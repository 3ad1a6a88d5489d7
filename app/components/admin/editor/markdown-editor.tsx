import { useCallback, useEffect, useId, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { createEditor, type MarkdownView } from "./codemirror";
import { commandById, keyLabel, PALETTE_SHORTCUT, type CommandId } from "./commands";
import { CommandPalette } from "./command-palette";
import { HelpDialog } from "./help-dialog";
import { pushRecent, readRecent, writeRecent } from "./palette-model";
import { Preview } from "./preview";
import { StatusBar } from "./status-bar";
import { insertImage, insertLink, selectedUrl } from "./text-edits";
import { Toolbar, type EditorMode } from "./toolbar";
import { UrlDialog, type UrlRequest } from "./url-dialog";
import { DEFAULT_AUTOSAVE_MS, useAutosave } from "./autosave";
import type { MarkdownEditorProps } from "./types";

const isMac = () =>
  typeof navigator !== "undefined" && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);

/**
 * The owner's markdown editor (docs/product/posts-and-portfolio.md "Markdown editor", "Commands",
 * "Help guide", "Editor autosave and drafts"): CodeMirror 6 with a toolbar, the Commands palette,
 * the Help guide, a live preview through the public renderer, counts and the autosave indicator.
 */
export default function MarkdownEditor({
  id,
  value,
  onChange,
  autosaveInterval = DEFAULT_AUTOSAVE_MS,
  onAutosave,
  pickImage,
  invalid,
  describedBy,
  label,
}: MarkdownEditorProps) {
  const ownId = useId();
  const root = useRef<HTMLDivElement>(null);
  const host = useRef<HTMLDivElement>(null);
  const editor = useRef<MarkdownView | null>(null);
  const [text, setText] = useState(value);
  const [mode, setMode] = useState<EditorMode>("write");
  const modeRef = useRef(mode);
  const [paletteOpen, setPaletteOpen] = useState(false);
  const [helpOpen, setHelpOpen] = useState(false);
  const [urlRequest, setUrlRequest] = useState<UrlRequest | null>(null);
  const pendingUrl = useRef<UrlRequest | null>(null);
  const [recent, setRecent] = useState<CommandId[]>(() => (typeof window === "undefined" ? [] : readRecent()));
  const [mac] = useState(isMac);
  const { state: autosave, markChanged } = useAutosave(autosaveInterval, onAutosave);

  // The latest props and handlers for CodeMirror's callbacks, which are made once.
  const latest = useRef({ onChange, markChanged, runCommand: (_id: CommandId) => {}, openPalette: () => {} });

  const remember = useCallback((commandId: CommandId) => {
    setRecent((list) => {
      const next = pushRecent(list, commandId);
      writeRecent(next);
      return next;
    });
  }, []);

  const runCommand = useCallback(
    async (commandId: CommandId) => {
      const view = editor.current;
      const command = commandById(commandId);
      if (!view || !command) return;
      remember(commandId);
      // A command edits what the owner sees: the preview gives way to the editor first.
      if (modeRef.current === "preview") flushSync(() => setMode("write"));
      if (command.run) {
        view.apply(command.run(view.selection(), new Date()));
        return;
      }
      const sel = view.selection();
      const selected = sel.doc.slice(sel.from, sel.to);
      if (commandId === "image" && pickImage) {
        const picked = await pickImage();
        if (picked)
          view.apply(insertImage(view.selection(), picked.url, picked.alt || (selected.trim() ? undefined : "")));
        else view.focus();
        return;
      }
      const url = selectedUrl(sel);
      setUrlRequest({
        kind: commandId === "image" ? "image" : "link",
        url,
        text: url ? "" : selected.replace(/\s+/g, " ").trim(),
      });
    },
    [pickImage, remember],
  );

  const openPalette = useCallback(() => setPaletteOpen(true), []);

  useEffect(() => {
    latest.current = { onChange, markChanged, runCommand: (c) => void runCommand(c), openPalette };
    modeRef.current = mode;
  });

  // CodeMirror is made once, with the first value; later values and attributes reach it
  // through the effects below.
  const firstValue = useRef(value);
  useEffect(() => {
    const view = createEditor(
      host.current!,
      firstValue.current,
      {},
      {
        onDoc: setText,
        onEdit: (next) => {
          latest.current.onChange(next);
          latest.current.markChanged();
        },
        onKey: (key) => (key === "palette" ? latest.current.openPalette() : latest.current.runCommand(key)),
      },
    );
    editor.current = view;
    return () => {
      view.destroy();
      editor.current = null;
    };
  }, []);

  useEffect(() => {
    editor.current?.setValue(value);
  }, [value]);

  // A <label htmlFor={id}> cannot name a contenteditable by itself: the editor points at it
  // (aria-labelledby), and a click on it focuses the editor.
  useEffect(() => {
    const found = id ? document.querySelector<HTMLLabelElement>(`label[for="${CSS.escape(id)}"]`) : null;
    if (found && !found.id) found.id = `${ownId}-label`;
    editor.current?.setAria({ id, label, labelledBy: found?.id, describedBy, invalid });
    if (!found) return;
    const focus = () => editor.current?.focus();
    found.addEventListener("click", focus);
    return () => found.removeEventListener("click", focus);
  }, [id, ownId, label, describedBy, invalid]);

  // Ctrl/Cmd+Shift+P opens the palette from anywhere in the form around the editor.
  useEffect(() => {
    const scope = root.current?.closest("form") ?? root.current;
    if (!scope) return;
    const onKeyDown = (event: Event) => {
      const e = event as KeyboardEvent;
      if (e.defaultPrevented || !(e.ctrlKey || e.metaKey) || !e.shiftKey || e.key.toLowerCase() !== "p") return;
      e.preventDefault();
      setPaletteOpen(true);
    };
    scope.addEventListener("keydown", onKeyDown);
    return () => scope.removeEventListener("keydown", onKeyDown);
  }, []);

  const closeUrlDialog = useCallback(() => {
    setUrlRequest(null);
    const view = editor.current;
    const pending = pendingUrl.current;
    pendingUrl.current = null;
    if (!view) return;
    if (!pending) return view.focus();
    const sel = view.selection();
    const given = pending.text.trim() || undefined;
    view.apply(
      pending.kind === "link" ? insertLink(sel, pending.url, given) : insertImage(sel, pending.url, given ?? ""),
    );
  }, []);

  const empty = text.trim() === "";
  const focusEditor = useCallback(() => editor.current?.focus(), []);

  return (
    <div
      ref={root}
      className={`overflow-hidden rounded-lg border bg-white focus-within:ring-2 ${
        invalid
          ? "border-red-600 focus-within:ring-red-200"
          : "border-slate-300 focus-within:border-brand-600 focus-within:ring-brand-200"
      }`}
    >
      <Toolbar
        mode={mode}
        onModeChange={setMode}
        onCommand={(c) => void runCommand(c)}
        onPalette={openPalette}
        onHelp={() => setHelpOpen(true)}
        mac={mac}
      />
      <div className={mode === "split" ? "grid lg:grid-cols-2 lg:divide-x lg:divide-slate-200" : ""}>
        <div ref={host} hidden={mode === "preview"} className="min-w-0" />
        {mode !== "write" && (
          <Preview
            text={text}
            className={mode === "split" ? "max-h-[70vh] border-t border-slate-200 lg:border-t-0" : "min-h-[18rem]"}
          />
        )}
      </div>
      {empty && mode !== "preview" && (
        <div className="border-t border-slate-200 bg-brand-50/60 px-4 py-3 text-sm text-slate-700">
          <p className="font-medium text-slate-900">Markdown tips</p>
          <ul className="mt-1 grid gap-0.5 sm:grid-cols-2 sm:gap-x-6">
            <li>
              <code className="font-mono text-slate-900"># </code> at the start of a line makes a heading
            </li>
            <li>
              <code className="font-mono text-slate-900">**bold**</code> and{" "}
              <code className="font-mono text-slate-900">*italic*</code>, or {keyLabel("Mod-b", mac)} and{" "}
              {keyLabel("Mod-i", mac)}
            </li>
            <li>
              <code className="font-mono text-slate-900">- </code> starts a list,{" "}
              <code className="font-mono text-slate-900">1. </code> a numbered one
            </li>
            <li>
              <code className="font-mono text-slate-900">[text](https://…)</code> makes a link ({keyLabel("Mod-k", mac)}
              )
            </li>
            <li className="sm:col-span-2">
              Press <kbd className="font-sans font-semibold">{keyLabel(PALETTE_SHORTCUT, mac)}</kbd> for all commands,
              or Help for the full guide.
            </li>
          </ul>
        </div>
      )}
      <StatusBar text={text} autosave={autosave} />
      <CommandPalette
        open={paletteOpen}
        onOpenChange={setPaletteOpen}
        recent={recent}
        mac={mac}
        returnToEditor={mode !== "preview"}
        onRun={(c) => void runCommand(c)}
        onClosed={focusEditor}
      />
      <HelpDialog open={helpOpen} onOpenChange={setHelpOpen} mac={mac} />
      <UrlDialog
        request={urlRequest}
        onSubmit={(url, linkText) => {
          if (urlRequest) pendingUrl.current = { ...urlRequest, url, text: linkText };
          setUrlRequest(null);
        }}
        onClose={closeUrlDialog}
      />
    </div>
  );
}

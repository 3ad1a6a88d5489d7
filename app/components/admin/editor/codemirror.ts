import { Annotation, Compartment, EditorState, Prec, type Extension } from "@codemirror/state";
import { EditorView, keymap, placeholder } from "@codemirror/view";
import { defaultKeymap, history, historyKeymap } from "@codemirror/commands";
import { defaultHighlightStyle, syntaxHighlighting } from "@codemirror/language";
import { markdown, markdownLanguage } from "@codemirror/lang-markdown";
import type { TextEdit, TextSelection } from "./text-edits";

/**
 * The CodeMirror 6 view of the markdown editor. Only this folder imports CodeMirror,
 * and the post form loads the editor lazily, so none of it reaches other screens.
 */

/** Marks a document replaced from the `value` prop (a restored draft), not typed. */
const external = Annotation.define<boolean>();

export interface ContentAria {
  id?: string;
  label?: string;
  labelledBy?: string;
  describedBy?: string;
  invalid?: boolean;
}

export interface EditorCallbacks {
  /** A change the owner made (typing, a command, undo). */
  onEdit: (text: string) => void;
  /** Any change, the `value` prop's included. */
  onDoc: (text: string) => void;
  /** Keyboard shortcuts handled by the editor around the view. */
  onKey: (key: "bold" | "italic" | "link" | "palette") => void;
}

const theme = EditorView.theme({
  "&": { maxHeight: "70vh", fontSize: "1rem", backgroundColor: "#fff", color: "#0f172a" },
  "&.cm-focused": { outline: "none" },
  ".cm-scroller": {
    overflow: "auto",
    fontFamily: "ui-monospace, SFMono-Regular, Menlo, Consolas, monospace",
    lineHeight: "1.65",
  },
  ".cm-content": { minHeight: "18rem", padding: "0.75rem 0" },
  ".cm-line": { padding: "0 0.875rem" },
  // The placeholder meets AA contrast (slate-500 on white).
  ".cm-placeholder": { color: "#64748b" },
  ".cm-cursor": { borderLeftColor: "#0f172a" },
});

function ariaAttributes(aria: ContentAria): Record<string, string> {
  const attrs: Record<string, string> = { "aria-multiline": "true", spellcheck: "true", autocapitalize: "sentences" };
  if (aria.id) attrs.id = aria.id;
  if (aria.labelledBy) attrs["aria-labelledby"] = aria.labelledBy;
  else attrs["aria-label"] = aria.label ?? "Markdown content";
  if (aria.describedBy) attrs["aria-describedby"] = aria.describedBy;
  if (aria.invalid) attrs["aria-invalid"] = "true";
  return attrs;
}

export function createEditor(parent: HTMLElement, doc: string, aria: ContentAria, callbacks: EditorCallbacks) {
  const ariaCompartment = new Compartment();
  const key = (name: Parameters<EditorCallbacks["onKey"]>[0]) => () => {
    callbacks.onKey(name);
    return true;
  };
  const extensions: Extension[] = [
    history(),
    Prec.high(
      keymap.of([
        { key: "Mod-b", run: key("bold") },
        { key: "Mod-i", run: key("italic") },
        { key: "Mod-k", run: key("link") },
        { key: "Mod-Shift-p", run: key("palette") },
      ]),
    ),
    keymap.of([...defaultKeymap, ...historyKeymap]),
    markdown({ base: markdownLanguage }),
    syntaxHighlighting(defaultHighlightStyle),
    EditorView.lineWrapping,
    placeholder("Write your post in Markdown…"),
    theme,
    ariaCompartment.of(EditorView.contentAttributes.of(ariaAttributes(aria))),
    EditorView.updateListener.of((update) => {
      if (!update.docChanged) return;
      const text = update.state.doc.toString();
      callbacks.onDoc(text);
      if (!update.transactions.some((tr) => tr.annotation(external))) callbacks.onEdit(text);
    }),
  ];
  const view = new EditorView({ parent, state: EditorState.create({ doc, extensions }) });

  return {
    view,
    setAria(next: ContentAria) {
      view.dispatch({ effects: ariaCompartment.reconfigure(EditorView.contentAttributes.of(ariaAttributes(next))) });
    },
    /** Takes an outside value (a restored draft) when it differs from the text. */
    setValue(value: string) {
      if (view.state.doc.toString() === value) return;
      view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: value }, annotations: external.of(true) });
    },
    selection(): TextSelection {
      const { from, to } = view.state.selection.main;
      return { doc: view.state.doc.toString(), from, to };
    },
    apply(edit: TextEdit) {
      view.dispatch({
        changes: edit.changes,
        selection: edit.selection,
        scrollIntoView: true,
        userEvent: "input.format",
      });
      view.focus();
    },
    focus: () => view.focus(),
    destroy: () => view.destroy(),
  };
}

export type MarkdownView = ReturnType<typeof createEditor>;

/** What the markdown editor (docs/product/posts-and-portfolio.md "Markdown editor") takes from the form around it. */
export interface PickedImage {
  url: string;
  alt: string;
}

export interface MarkdownEditorProps {
  /** The id of the editing surface, so a <label htmlFor> names it. */
  id?: string;
  value: string;
  onChange: (value: string) => void;
  /** Milliseconds from the last change to the autosave: 30 s by default, 10 s in the post form. */
  autosaveInterval?: number;
  /**
   * Called when the autosave runs ('Saving...'), and at once when the page is hidden or
   * unloaded with unsaved changes: the form keeps its draft in the browser here.
   */
  onAutosave?: () => void;
  /** Opens the media library's 'Select Image' picker; resolves with the choice or null. Without it, image asks for a URL. */
  pickImage?: () => Promise<PickedImage | null>;
  /** Marks the editor invalid and points at the error text (required content). */
  invalid?: boolean;
  describedBy?: string;
  /** The accessible name when no <label htmlFor={id}> names the editor ('Markdown content' by default). */
  label?: string;
}

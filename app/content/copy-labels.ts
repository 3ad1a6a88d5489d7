/** The copy button's two states, shared by every page that shows a Project or chat ID. */
export const copyLabels = {
  copyLabel: "Copy ID",
  copiedLabel: "Copied!",
} as const;

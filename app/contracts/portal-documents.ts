/**
 * The document an e-mailed link opens (docs/product/client-portal.md "Links to a document"): a
 * quote, an invoice or a payment's receipt, by its id, in the query beside `?project=`. The portal
 * opens the project, then scrolls to that document and focuses its heading.
 */
export const PORTAL_DOCUMENT_KINDS = ["quote", "invoice", "receipt"] as const;
export type PortalDocumentKind = (typeof PORTAL_DOCUMENT_KINDS)[number];
export interface PortalDocument {
  kind: PortalDocumentKind;
  id: number;
}

/** The portal's address of a project's document, for the e-mails: `/client-portal?project=ID&quote=12`. */
export const portalDocumentPath = (projectId: string, document: PortalDocument) =>
  `/client-portal?project=${encodeURIComponent(projectId)}&${document.kind}=${document.id}`;

/** The document a portal address names, if its query names one (the first of quote, invoice, receipt). */
export function portalDocumentFrom(search: string): PortalDocument | null {
  const params = new URLSearchParams(search);
  for (const kind of PORTAL_DOCUMENT_KINDS) {
    const id = Number(params.get(kind));
    if (Number.isSafeInteger(id) && id > 0) return { kind, id };
  }
  return null;
}

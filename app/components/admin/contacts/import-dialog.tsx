import { useEffect, useId, useRef, useState } from "react";
import { toast } from "sonner";
import type { ImportResult } from "~/contracts/contact-import";
import { errorMessage } from "~/lib/api/call";
import { Dialog } from "../ui/dialog";
import { adminButton, inputClass, labelClass } from "../ui/styles";
import { useImportContacts } from "./api";
import { importMessages, parseImportFile, previewEntry, type ParsedFile } from "./import-file";

/**
 * JSON import (docs/product/contacts.md "JSON import"): read and preview in the browser; the server
 * decides each entry.
 */
const CLOSE_AFTER_MS = 2000;

export function ImportDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Import JSON"
      description="Add contacts from a JSON file holding an array of entries. Duplicates update the existing contact."
      wide
    >
      {open && <ImportBody onDone={() => onOpenChange(false)} />}
    </Dialog>
  );
}

function ImportBody({ onDone }: { onDone: () => void }) {
  const inputId = useId();
  const [file, setFile] = useState<ParsedFile | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [requestError, setRequestError] = useState<string | null>(null);
  const importContacts = useImportContacts();

  // All entries went through: the dialog closes by itself 2 s later (docs/product/contacts.md "JSON import").
  const fullSuccess = result !== null && result.failed.length === 0;
  const onDoneRef = useRef(onDone);
  useEffect(() => {
    onDoneRef.current = onDone;
  });
  useEffect(() => {
    if (!fullSuccess) return;
    const timer = setTimeout(() => onDoneRef.current(), CLOSE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [fullSuccess]);

  async function choose(event: React.ChangeEvent<HTMLInputElement>) {
    setFile(null);
    setResult(null);
    setRequestError(null);
    const chosen = event.target.files?.[0];
    if (!chosen) return setFileError(null);
    const parsed = await parseImportFile(chosen);
    if ("error" in parsed) setFileError(parsed.error);
    else {
      setFileError(null);
      setFile(parsed);
    }
  }

  function submit() {
    if (!file || importContacts.isPending) return;
    setRequestError(null);
    importContacts.mutate(file.entries, {
      onSuccess: (r) => {
        setResult(r);
        if (r.failed.length === 0) toast.success("Import finished");
      },
      onError: (e) =>
        setRequestError(
          `Failed to process JSON file: ${errorMessage(e, "Request failed").replace(/^Import failed: /, "")}`,
        ),
    });
  }

  const messages = result ? importMessages(result) : null;

  return (
    <div className="grid gap-4">
      <div>
        <label htmlFor={inputId} className={labelClass}>
          JSON file
        </label>
        <input
          id={inputId}
          type="file"
          accept=".json,application/json"
          onChange={(e) => void choose(e)}
          className={`${inputClass} mt-1 file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-1 file:text-sm file:font-semibold file:text-brand-800`}
          aria-invalid={fileError ? true : undefined}
          aria-describedby={`${inputId}-hint`}
        />
        <p id={`${inputId}-hint`} className="mt-1 text-xs text-slate-600">
          Each entry needs a business name or name, and a phone or email. Fields read: businessName, name, email, phone,
          address, businessType, googleMapsURL, website, notes.
        </p>
      </div>

      {fileError && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {fileError}
        </p>
      )}

      {file && <Preview file={file} />}

      {requestError && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {requestError}
        </p>
      )}

      {messages && (
        <div role="status" className="grid gap-2 text-sm" data-testid="import-results">
          {messages.success.map((line) => (
            <p key={line} className="rounded-lg border border-green-200 bg-green-50 px-3 py-2 text-green-900">
              {line}
            </p>
          ))}
          {messages.failures && (
            <div className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-red-900">
              <p className="font-medium">{messages.failures.heading}</p>
              <ul className="mt-1 list-disc pl-5">
                {messages.failures.lines.map((line, i) => (
                  <li key={i}>{line}</li>
                ))}
              </ul>
              {messages.failures.more && <p>...</p>}
            </div>
          )}
          {messages.success.length === 0 && !messages.failures && <p>Nothing to import.</p>}
        </div>
      )}

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button type="button" className={adminButton.secondary} onClick={onDone}>
          {result ? "Close" : "Cancel"}
        </button>
        {!result && (
          <button
            type="button"
            className={adminButton.primary}
            onClick={submit}
            disabled={!file || file.entries.length === 0 || importContacts.isPending}
          >
            {importContacts.isPending
              ? "Importing..."
              : file
                ? `Import ${file.entries.length} Contacts`
                : "Import Contacts"}
          </button>
        )}
      </div>
    </div>
  );
}

function Preview({ file }: { file: ParsedFile }) {
  const first = file.entries.slice(0, 5).map(previewEntry);
  return (
    <section aria-label="Preview" className="rounded-lg border border-slate-200">
      <p className="border-b border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-800">
        <span className="font-medium">{file.name}</span>: {file.entries.length}{" "}
        {file.entries.length === 1 ? "entry" : "entries"}
        {file.entries.length > 5 ? ", showing the first 5" : ""}
      </p>
      {file.entries.length === 0 ? (
        <p className="px-3 py-2 text-sm text-slate-700">The file holds an empty list.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="text-xs text-slate-600 uppercase">
              <tr>
                <th scope="col" className="px-3 py-2">
                  Name
                </th>
                <th scope="col" className="px-3 py-2">
                  Email
                </th>
                <th scope="col" className="px-3 py-2">
                  Phone
                </th>
                <th scope="col" className="px-3 py-2">
                  Check
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {first.map((entry, i) => (
                <tr key={i}>
                  <td className="px-3 py-2 text-slate-900">{entry.name || "—"}</td>
                  <td className="px-3 py-2 break-all text-slate-700">{entry.email || "—"}</td>
                  <td className="px-3 py-2 whitespace-nowrap text-slate-700">{entry.phone || "—"}</td>
                  <td className={`px-3 py-2 ${entry.problem ? "text-red-800" : "text-green-800"}`}>
                    {entry.problem ?? "OK"}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

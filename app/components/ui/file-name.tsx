/**
 * A file's name in a narrow space: the start of the name is shortened, never its extension
 * ("quarterly-rep….pdf", not "quarterly…"), and the whole name is the title. Assistive
 * technology reads the whole name, once (the two visible parts are hidden from it).
 */
export function FileName({ name, className = "" }: { name: string; className?: string }) {
  const dot = name.lastIndexOf(".");
  const hasExtension = dot > 0 && name.length - dot <= 8;
  const stem = hasExtension ? name.slice(0, dot) : name;
  const extension = hasExtension ? name.slice(dot) : "";
  return (
    <span className={`flex min-w-0 ${className}`} title={name}>
      <span aria-hidden="true" className="min-w-0 truncate">
        {stem}
      </span>
      {extension && (
        <span aria-hidden="true" className="shrink-0">
          {extension}
        </span>
      )}
      <span className="sr-only">{name}</span>
    </span>
  );
}

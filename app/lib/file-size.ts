/**
 * A file's size as every screen writes it, the owner's media library, the client portal and the
 * API page alike: Bytes, KB, MB or GB, base 1024, at most one decimal ("1.5 MB").
 */
const UNITS = ["Bytes", "KB", "MB", "GB"] as const;

export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return "0 Bytes";
  const power = Math.min(UNITS.length - 1, Math.floor(Math.log(bytes) / Math.log(1024)));
  const value = bytes / 1024 ** power;
  return `${power === 0 ? Math.round(value) : Number(value.toFixed(1))} ${UNITS[power]}`;
}

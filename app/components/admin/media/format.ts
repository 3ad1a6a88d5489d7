/** File sizes in Bytes, KB, MB or GB, base 1024 (back-office spec 9). */
const UNITS = ["Bytes", "KB", "MB", "GB"] as const;

export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return "0 Bytes";
  const power = Math.min(UNITS.length - 1, Math.floor(Math.log(bytes) / Math.log(1024)));
  const value = bytes / 1024 ** power;
  return `${power === 0 ? value : Number(value.toFixed(2))} ${UNITS[power]}`;
}

/** Only web addresses become links: owner-typed live URLs never run script (javascript:, data:). */
export const webUrl = (value: string | null | undefined): string | undefined =>
  value && /^https?:\/\/[^\s]+$/i.test(value.trim()) ? value.trim() : undefined;

/** Reads `Authorization: Bearer <token>`: an admin's or a portal session's, whichever the route takes. */
export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? "");
  return match?.[1];
}

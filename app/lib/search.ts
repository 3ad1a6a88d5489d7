/** Longest search query read; the rest is ignored (shared by the search page and the server index). */
export const MAX_QUERY_LENGTH = 200;

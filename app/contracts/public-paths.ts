/**
 * The addresses a public page needs in its first load, as plain strings: a descriptor module
 * imports Zod, which public pages keep out of their first load (the contact form's plain post,
 * the chat launcher's settings read, visit counting after consent, the home page's featured projects
 * and a post's view count, both called as the page loads). The descriptors take their
 * paths from here, so each address is still written once.
 */
export const publicPaths = {
  /** leadsEndpoints.contact: the contact form's action without JavaScript. */
  contact: "/api/contact",
  /** chatSettingsEndpoints.getPublic: what the launcher reads once the page is idle. */
  chatSettings: "/api/chat-settings",
  /** postsEndpoints.publicList, .publicGet and .view: filled with fillPath(); queries typed from the descriptors. */
  posts: {
    list: "/api/posts",
    get: "/api/posts/{slug}",
    view: "/api/posts/{slug}/view",
  },
  /** analyticsEndpoints.pageview, .scroll and .event: sent with `keepalive`, no answer read. */
  analytics: {
    pageview: "/api/analytics/pageview",
    scroll: "/api/analytics/scroll",
    event: "/api/analytics/event",
  },
} as const;

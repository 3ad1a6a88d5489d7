/**
 * The addresses a public page needs in its first load, as plain strings: a descriptor module
 * imports Zod, which public pages keep out of their first load (the contact form's plain post,
 * the chat launcher's settings read, the home page's featured projects and a post's view count,
 * both called as the page loads). Visit counting's addresses are apart (analytics-paths.ts): no
 * page loads them before the visitor's consent. The descriptors take their paths from here, so
 * each address is still written once. One export each, so a page's bundle holds only its own.
 */

/** intakeEndpoints.contact: the contact form's action without JavaScript. */
export const CONTACT_PATH = "/api/contact";
/** chatSettingsEndpoints.getPublic: what the launcher reads once the page is idle. */
export const CHAT_SETTINGS_PATH = "/api/chat-settings";
/** postsEndpoints.publicList: queries typed from the descriptor. */
export const POSTS_PATH = "/api/posts";
/** postsEndpoints.publicGet, filled with fillPath(). */
export const POST_PATH = "/api/posts/{slug}";
/** postsEndpoints.view, filled with fillPath(). */
export const POST_VIEW_PATH = "/api/posts/{slug}/view";

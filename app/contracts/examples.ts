/**
 * Example values the schemas' documentation shares (the API docs and the OpenAPI document show
 * them): a stored file's key and its address, as GET /api/media/{key} serves it.
 */
export const EXAMPLE_MEDIA_KEY = "k7Qm2xZ4b9Rt1LwP0aYc3D";
export const EXAMPLE_MEDIA_URL = `/api/media/${EXAMPLE_MEDIA_KEY}`;
/** What a media address is, for the fields that carry one. */
export const MEDIA_URL_DESCRIPTION = "/api/media/{key}: the file's address, for posts and links";

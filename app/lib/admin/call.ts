import type { AnswerOf, EndpointShape } from "~/contracts/endpoint";
import { call, type CallOptions } from "~/lib/api/call";
import { fetchFile, type FetchedFile, type FetchFileOptions } from "~/lib/api/fetch-file";
import { clearToken, readToken, SIGNED_OUT_EVENT } from "./session";

/** A 401 ends the session here: the token is dropped and the shell sends the user to /login. */
function signedOut() {
  clearToken();
  window.dispatchEvent(new Event(SIGNED_OUT_EVENT));
}

/** `call()` as the owner: the admin token on every call, and a 401 ends the session. */
export function adminCall<E extends EndpointShape>(
  endpoint: E,
  options: Omit<CallOptions<E>, "token" | "onUnauthorized">,
): Promise<AnswerOf<E>> {
  return call(endpoint, { ...options, token: readToken(), onUnauthorized: signedOut } as CallOptions<E>);
}

/** `fetchFile()` as the owner (an export, a backup, a PDF): the admin token, and a 401 ends the session. */
export function fetchAdminFile(
  url: string,
  options: Omit<FetchFileOptions, "token" | "onUnauthorized">,
): Promise<FetchedFile> {
  return fetchFile(url, { ...options, token: readToken(), onUnauthorized: signedOut });
}

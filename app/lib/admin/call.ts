import type { AnswerOf, EndpointShape } from "~/contracts/endpoint";
import { call, type CallOptions } from "~/lib/api/call";
import { clearToken, readToken, SIGNED_OUT_EVENT } from "./session";

/**
 * `call()` as the owner: the admin token on every call, and a 401 ends the session here (the
 * token is dropped and the shell sends the user to /login).
 */
export function adminCall<E extends EndpointShape>(
  endpoint: E,
  options: Omit<CallOptions<E>, "token" | "onUnauthorized">,
): Promise<AnswerOf<E>> {
  return call(endpoint, {
    ...options,
    token: readToken(),
    onUnauthorized: () => {
      clearToken();
      window.dispatchEvent(new Event(SIGNED_OUT_EVENT));
    },
  } as CallOptions<E>);
}

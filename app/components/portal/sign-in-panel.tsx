import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import { useNavigate } from "react-router";
import { portalCopy, signInCopy } from "~/content/portal-pages";
import { PORTAL_MESSAGES } from "~/contracts/portal-terms";
import { signInWithLink, storePortalToken } from "~/lib/portal/portal-api";
import { FormAlert } from "~/components/site/forms/form-alert";
import { SubmitButton } from "~/components/site/forms/submit-button";
import { LookupForm } from "./lookup-form";

type State = { step: "ready" } | { step: "signing" } | { step: "failed"; error: string };

const noSubscription = () => () => {};
/** The link's token, read in the browser (the page itself is the same for every link); null when it has none. */
const readToken = () => new URLSearchParams(window.location.search).get("token")?.trim() || null;

/**
 * The page an e-mailed sign-in link opens (decision 017). Opening it spends nothing: the button
 * posts the token, so a mail scanner that fetches the page leaves the link working. Signed in,
 * the portal shows the address's projects.
 */
export function SignInPanel() {
  const navigate = useNavigate();
  const token = useSyncExternalStore(noSubscription, readToken, () => undefined);
  const [attempt, setAttempt] = useState<State>({ step: "ready" });
  const state: State = token === null ? { step: "failed", error: PORTAL_MESSAGES.linkExpired } : attempt;
  const alertRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (state.step === "failed") alertRef.current?.focus();
  }, [state.step]);

  async function signIn() {
    if (!token || state.step !== "ready") return;
    setAttempt({ step: "signing" });
    const result = await signInWithLink(token);
    if (result.ok) {
      storePortalToken(result.data.portal_token);
      // Replace: the spent link leaves the address bar and the history.
      void navigate("/client-portal", { replace: true });
      return;
    }
    setAttempt({
      step: "failed",
      error: result.network ? PORTAL_MESSAGES.network : (result.error ?? PORTAL_MESSAGES.linkExpired),
    });
  }

  if (state.step === "failed")
    return (
      <div className="max-w-3xl rounded-3xl border border-slate-200 bg-white p-5 shadow-lg sm:p-8">
        <FormAlert ref={alertRef} title={state.error} />
        <h2 className="mt-8 text-2xl font-bold tracking-tight text-slate-900">{signInCopy.newLinkTitle}</h2>
        <p className="mt-2 mb-6 text-slate-700">{portalCopy.formIntro}</p>
        <LookupForm
          initialType="email"
          onFound={() => {
            void navigate("/client-portal", { replace: true });
          }}
        />
      </div>
    );

  return (
    <div className="max-w-3xl rounded-3xl border border-slate-200 bg-white p-5 shadow-lg sm:p-8">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void signIn();
        }}
      >
        <SubmitButton
          sending={state.step === "signing"}
          sendingLabel={signInCopy.signingIn}
          disabled={!token || state.step !== "ready"}
        >
          {signInCopy.button}
        </SubmitButton>
      </form>
      <p className="mt-4 text-sm text-slate-700">{signInCopy.note}</p>
    </div>
  );
}

import { useState } from "react";
import { redirect, useNavigate, useSearchParams } from "react-router";
import { Eye, EyeOff, Lock } from "lucide-react";
import type { Route } from "./+types/login";
import { authEndpoints } from "~/contracts/auth";
import { call, errorMessage } from "~/lib/api/call";
import { adminCall } from "~/lib/admin/call";
import { adminMeta } from "~/lib/admin/meta";
import type { LoginInput } from "~/contracts/auth";
import { readToken, safeReturnPath, storeToken } from "~/lib/admin/session";
import { LoadingScreen } from "~/components/admin/ui/loading";

export const meta: Route.MetaFunction = () => adminMeta("Admin Login");

/** Someone already signed in goes back where they came from, or to the dashboard. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const from = safeReturnPath(new URL(request.url).searchParams.get("from"));
  if (!readToken()) return null;
  try {
    await adminCall(authEndpoints.me, {});
    return redirect(from);
  } catch {
    return null;
  }
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <LoadingScreen />;
}

export default function Login() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [showPassword, setShowPassword] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const body: LoginInput = { email: email.trim(), password };
      // Not adminCall: a refused sign-in (401) is an answer to show, not a session that ended.
      const { token } = await call(authEndpoints.login, { body, fallbackError: "Sign-in failed" });
      storeToken(token);
      await navigate(safeReturnPath(params.get("from")), { replace: true });
    } catch (err) {
      setError(errorMessage(err, "Sign-in failed. Please try again."));
      setBusy(false);
    }
  }

  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 px-4 py-12">
      <div className="w-full max-w-md">
        <div className="mb-8 text-center">
          <span className="mx-auto mb-4 flex size-12 items-center justify-center rounded-full bg-brand-100 text-brand-800">
            <Lock className="size-6" aria-hidden="true" />
          </span>
          <h1 className="text-3xl font-bold text-slate-900">Admin Login</h1>
          <p className="mt-2 text-slate-600">Sign in to access the admin dashboard</p>
        </div>
        <form
          onSubmit={submit}
          className="space-y-5 rounded-xl bg-white p-6 shadow-md ring-1 ring-slate-200 sm:p-8"
          noValidate={false}
        >
          <div>
            <label htmlFor="email" className="block text-sm font-medium text-slate-800">
              Email
            </label>
            <input
              id="email"
              name="email"
              type="email"
              autoComplete="username"
              required
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2.5 text-slate-900 focus:border-brand-600 focus:ring-2 focus:ring-brand-200 focus:outline-none"
            />
          </div>
          <div>
            <label htmlFor="password" className="block text-sm font-medium text-slate-800">
              Password
            </label>
            <div className="relative mt-1">
              <input
                id="password"
                name="password"
                type={showPassword ? "text" : "password"}
                autoComplete="current-password"
                required
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                className="block w-full rounded-lg border border-slate-300 py-2.5 pr-11 pl-3 text-slate-900 focus:border-brand-600 focus:ring-2 focus:ring-brand-200 focus:outline-none"
              />
              <button
                type="button"
                onClick={() => setShowPassword((v) => !v)}
                className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-lg text-slate-600 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600"
                aria-label={showPassword ? "Hide password" : "Show password"}
                aria-pressed={showPassword}
              >
                {showPassword ? (
                  <EyeOff className="size-5" aria-hidden="true" />
                ) : (
                  <Eye className="size-5" aria-hidden="true" />
                )}
              </button>
            </div>
          </div>
          {error && (
            <div role="alert" className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800">
              {error}
            </div>
          )}
          <button
            type="submit"
            disabled={busy}
            className="w-full rounded-lg bg-brand-700 px-4 py-3 font-semibold text-white hover:bg-brand-800 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-60"
          >
            {busy ? "Signing in..." : "Sign in"}
          </button>
        </form>
        <p className="mt-6 text-center text-sm text-slate-600">
          Need access? Contact the site administrator to get login credentials.
        </p>
      </div>
    </main>
  );
}

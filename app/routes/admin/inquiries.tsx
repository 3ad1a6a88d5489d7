import { useCallback } from "react";
import { useLocation, useNavigate, useSearchParams } from "react-router";
import type { Route } from "./+types/inquiries";
import { adminMeta } from "~/lib/admin/meta";
import { pageParam } from "~/contracts/paging";
import { InquiriesPanel } from "~/components/admin/inquiries/inquiries-panel";
import { InquiryDetail } from "~/components/admin/inquiries/inquiry-detail";
import { InquiryLookup } from "~/components/admin/inquiries/inquiry-lookup";
import { statusFilterOf, type StatusFilterValue } from "~/components/admin/inquiries/labels";
import { paramsNow } from "~/components/admin/ui/use-list-params";

export const meta: Route.MetaFunction = () => adminMeta("Project Inquiries");

/** Set on the way from the list to an inquiry, so Back to List returns to that same list entry. */
interface FromList {
  fromList?: boolean;
}

/**
 * Project Inquiries (docs/product/inquiries.md): the chats started at /chat, searched and filtered
 * by the server, a lookup by ID, and one inquiry's detail with its live conversation. Everything is
 * in the address: ?q=, ?status= and ?page= for the list, ?id= for an open inquiry, so a reload or a
 * shared link shows the same.
 */
export default function AdminInquiries() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const openId = params.get("id")?.trim() || null;
  const search = params.get("q") ?? "";
  const status = statusFilterOf(params.get("status"));

  const page = pageParam(params.get("page"));

  // A new search or filter starts at page 1. Typing replaces the entry (one per pause would fill
  // the history); a filter is an entry of its own, so Back returns to the list before it.
  const setParam = useCallback(
    (key: string, value: string | null, replace = key !== "status") =>
      setParams(
        (current) => {
          const next = paramsNow(current);
          if (value) next.set(key, value);
          else next.delete(key);
          if (key === "q" || key === "status") next.delete("page");
          return next;
        },
        { replace, preventScrollReset: true },
      ),
    [setParams],
  );

  const pageHref = useCallback(
    (n: number) => {
      const next = new URLSearchParams(params);
      if (n > 1) next.set("page", String(n));
      else next.delete("page");
      return `?${next.toString()}`;
    },
    [params],
  );

  const open = useCallback(
    (id: string) => {
      const next = new URLSearchParams(params);
      next.set("id", id);
      void navigate({ search: `?${next.toString()}` }, { state: { fromList: true } satisfies FromList });
      window.scrollTo({ top: 0 });
    },
    [navigate, params],
  );

  const back = useCallback(() => {
    if ((location.state as FromList | null)?.fromList) void navigate(-1);
    else setParam("id", null);
  }, [location.state, navigate, setParam]);

  return (
    <div className="grid gap-6">
      <header>
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Project Inquiries</h1>
        <p className="mt-1 text-slate-600">
          Every project chat started at /chat: who asked, what they need, and the conversation, live.
        </p>
      </header>
      {openId ? (
        <InquiryDetail key={openId} id={openId} onBack={back} />
      ) : (
        <>
          <InquiryLookup onFound={open} />
          <InquiriesPanel
            search={search}
            status={status}
            page={page}
            pageHref={pageHref}
            onSearch={(value) => setParam("q", value)}
            onStatus={(value: StatusFilterValue) => setParam("status", value === "all" ? null : value)}
            onView={(inquiry) => open(inquiry.id)}
          />
        </>
      )}
    </div>
  );
}

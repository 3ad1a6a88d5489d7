import { useLocation } from "react-router";
import type { Route } from "./+types/book-manage";
import { pageMeta } from "~/lib/seo";
import { manageBookingPages } from "~/content/booking-pages";
import type { BreadcrumbHandle } from "~/components/site/breadcrumb-bar";
import { ManagePage, type ManageAction } from "~/components/site/booking";

const actionOf = (pathname: string): ManageAction => (pathname.startsWith("/book/cancel/") ? "cancel" : "reschedule");

/**
 * /book/reschedule/{token} and /book/cancel/{token} (docs/product/bookings.md "Links"): never
 * indexed, and the token appears in no canonical address or breadcrumb.
 */
export const meta: Route.MetaFunction = ({ location }) =>
  pageMeta({ ...manageBookingPages[actionOf(location.pathname)], path: "/book", breadcrumbs: false });

export const handle: BreadcrumbHandle = { breadcrumbs: false };

export default function BookManageRoute({ params }: Route.ComponentProps) {
  const { pathname } = useLocation();
  const action = actionOf(pathname);
  return <ManagePage key={`${action}/${params.token}`} action={action} token={params.token} />;
}

import {
  BarChart3,
  CalendarClock,
  FileText,
  FolderKanban,
  Image,
  LayoutDashboard,
  MessagesSquare,
  Settings,
  Star,
  Code,
  Briefcase,
  Receipt,
  Users,
} from "lucide-react";

/** docs/product/admin-sign-in.md "Admin layout": the navigation, in order. */
export const ADMIN_NAV = [
  { label: "Dashboard", to: "/admin", icon: LayoutDashboard, end: true },
  // Where leads come from: next to the dashboard whose counters lead to it
  // (docs/product/admin-sign-in.md "Admin layout").
  { label: "Analytics", to: "/admin/analytics", icon: BarChart3 },
  { label: "Leads", to: "/admin/contacts", icon: Users },
  { label: "Projects", to: "/admin/projects", icon: FolderKanban },
  // Quotes and invoices are written in a project's details; this screen lists every invoice
  // (docs/product/billing.md "The owner's figures").
  { label: "Invoices", to: "/admin/invoices", icon: Receipt },
  // Calls booked by visitors and clients; their hours and meeting types are in Settings.
  { label: "Bookings", to: "/admin/bookings", icon: CalendarClock },
  { label: "Inquiries", to: "/admin/inquiries", icon: MessagesSquare },
  { label: "Portfolio", to: "/admin/portfolio", icon: Briefcase },
  // What clients wrote after their projects; approved ones show on the site (docs/product/reviews.md).
  { label: "Reviews", to: "/admin/reviews", icon: Star },
  { label: "Content", to: "/admin/posts", icon: FileText },
  { label: "Media", to: "/admin/media", icon: Image },
  { label: "Settings", to: "/admin/settings", icon: Settings },
  { label: "API", to: "/admin/api", icon: Code },
] as const;

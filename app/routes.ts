import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

/** Every URL of the app in one table (public-site spec 2.2, back-office spec 2). */
export default [
  layout("routes/site/layout.tsx", [
    index("routes/site/home.tsx"),
    // Unknown paths and /404 (public-site spec 2.15)
    route("*", "routes/site/not-found.tsx"),
  ]),
] satisfies RouteConfig;

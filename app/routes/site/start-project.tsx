import type { Route } from "./+types/start-project";
import { pageMeta, serviceJsonLd } from "~/lib/seo";
import { startProjectCopy, startProjectPage } from "~/content/contact-pages";
import { PageHero } from "~/components/site/sections/page-hero";
import { ProjectPanel } from "~/components/site/start-project/project-panel";

/** The project inquiry form (docs/product/lead-paths.md "Start a project"). */
export const meta: Route.MetaFunction = () =>
  pageMeta({
    ...startProjectPage,
    jsonLd: [
      serviceJsonLd({
        name: "Custom website design and development",
        description: startProjectPage.description,
        path: startProjectPage.path,
      }),
    ],
  });

export default function StartProjectPage() {
  return (
    <>
      <PageHero
        eyebrow={startProjectCopy.eyebrow}
        title={startProjectCopy.title}
        intro={<p>{startProjectCopy.intro}</p>}
      />
      <ProjectPanel />
    </>
  );
}

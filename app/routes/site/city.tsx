import { data } from "react-router";
import type { Route } from "./+types/city";
import { site } from "~/config/site";
import { cityForPath } from "~/content/cities";
import { localBusinessJsonLd, pageMeta, serviceJsonLd } from "~/lib/seo";
import { socialCardPath } from "~/lib/social-cards";
import { CityHero } from "~/components/site/city/city-hero";
import { CityPlaces } from "~/components/site/city/city-places";
import { CityServices } from "~/components/site/city/city-services";
import { CityExtraFeatures } from "~/components/site/city/city-extra-features";
import { CityWhy } from "~/components/site/city/city-why";
import { CityWork } from "~/components/site/city/city-work";
import { CtaSection } from "~/components/site/sections/cta-section";

/**
 * The eleven city landing pages (docs/product/landing-pages.md "City pages"), at /{slug}-web-design
 * and /{slug}-web-design-ri. The loader picks the city from the path, so each page carries its own
 * copy only (the cities' content stays on the server).
 */
export function loader({ request }: Route.LoaderArgs) {
  const city = cityForPath(new URL(request.url).pathname);
  if (!city) throw data(null, { status: 404 });
  return { city };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [];
  const { city } = loaderData;
  const place = `${city.name}, ${site.address.region}`;
  const main =
    city.pageType === "LocalBusiness"
      ? localBusinessJsonLd({
          areaServed: [
            { "@type": "City", name: place },
            { "@type": "State", name: site.address.regionName },
          ],
        })
      : serviceJsonLd({
          name: `Web design in ${place}`,
          description: city.seo.description,
          path: city.path,
          areaServed: [place],
        });
  // Both spellings share one canonical: the main path.
  return pageMeta({
    ...city.seo,
    keywords: [...city.seo.keywords],
    path: city.path,
    image: socialCardPath("city", city.slug),
    imageAlt: city.seo.title,
    jsonLd: [main],
  });
};

export default function CityPage({ loaderData: { city } }: Route.ComponentProps) {
  return (
    <>
      <CityHero city={city} />
      <CityPlaces city={city} />
      <CityServices city={city} />
      {city.extraFeatures ? <CityExtraFeatures features={city.extraFeatures} /> : null}
      {city.why ? <CityWhy why={city.why} /> : null}
      <CityWork text={city.work.text} />
      <CtaSection
        id="city-cta-title"
        title={city.cta.title}
        text={city.cta.text}
        startLabel="Start Your Project"
        secondary={{ to: "/contact", label: city.cta.contactLabel }}
      />
    </>
  );
}

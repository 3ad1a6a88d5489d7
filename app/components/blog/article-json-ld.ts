import { site } from "~/config/site";
import { BUSINESS_ID, SOCIAL_CARD, type JsonLd } from "~/lib/seo";
import { absoluteUrl } from "~/lib/site-url";

export interface ArticleFacts {
  title: string;
  description: string;
  path: string;
  image: string | null;
  publishedAt: string | null;
  updatedAt: string;
  tags: string[];
}

/** schema.org Article for a post (docs/product/blog.md "Article structured data"). */
export function articleJsonLd(article: ArticleFacts): JsonLd {
  const url = absoluteUrl(article.path);
  return {
    "@context": "https://schema.org",
    "@type": "Article",
    headline: article.title.length > 110 ? `${article.title.slice(0, 107)}...` : article.title,
    description: article.description,
    image: [absoluteUrl(article.image ?? SOCIAL_CARD.path)],
    datePublished: article.publishedAt ?? article.updatedAt,
    dateModified: article.updatedAt,
    author: { "@type": "Person", name: site.owner.name, jobTitle: site.owner.role, url: absoluteUrl("/about") },
    publisher: {
      "@type": "Organization",
      "@id": BUSINESS_ID,
      name: site.brand,
      logo: { "@type": "ImageObject", url: absoluteUrl("/images/logo.png") },
    },
    keywords: article.tags.join(", "),
    mainEntityOfPage: { "@type": "WebPage", "@id": url },
    url,
    inLanguage: "en-US",
  };
}

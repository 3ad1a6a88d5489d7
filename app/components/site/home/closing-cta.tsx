import { site } from "~/config/site";
import { CtaSection } from "~/components/site/sections/cta-section";

/** Closing call to action (docs/product/site-pages.md "Home"). */
export function ClosingCta() {
  return (
    <CtaSection
      id="home-cta-title"
      title="Ready to get your business online the right way?"
      text={
        <>
          Tell me a little about what you do and what you need. I&apos;ll reply within {site.replyPromise.fast} with
          honest advice and a straight price, even if the answer is &quot;you don&apos;t need me yet.&quot;
        </>
      }
    />
  );
}

import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { compileCriticalCssPlan } from "../../scripts/critical-css-plans";
import { criticalCssProcessor, hasCriticalCss, plainClassAttributes } from "./critical-css";
import { hydrateAfterFirstPaint } from "./first-paint";
import { htmlCsp, inlineStyleHashes } from "./csp";

const sha = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

/** A stylesheet shaped like Tailwind's output: layers, @property rules, an arbitrary variant. */
const CSS = [
  "@layer theme,base,utilities;",
  "@layer utilities{.border{border-style:var(--tw-border-style);border-width:1px}",
  ".\\[\\&_p\\]\\:my-5 p{margin-block:1.25rem}.unused{color:red}}",
  '@property --tw-border-style{syntax:"*";inherits:false;initial-value:solid}',
  '@property --tw-shadow{syntax:"*";inherits:false;initial-value:0 0 #0000}',
].join("");
const HREF = "/assets/app-test.css";
const page = (body: string) =>
  `<!DOCTYPE html><html><head><meta charSet="utf-8"/><link rel="stylesheet" href="${HREF}"/></head><body>${body}<script>window.x=1</script></body></html>`;

/** The inlined <style> of a processed page. */
const styleOf = (html: string) => /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? "";

describe("critical CSS", () => {
  const inline = criticalCssProcessor([compileCriticalCssPlan(CSS, HREF)]);

  it("inlines the rules the markup uses and defers the stylesheet without an inline handler", () => {
    const html = inline(page('<div class="border [&amp;_p]:my-5"><p>Hi</p></div>'));
    const style = /<head>[\s\S]*<style>([\s\S]*?)<\/style>[\s\S]*<\/head>/.exec(html)?.[1] ?? "";
    expect(style).toContain(".border{");
    // An arbitrary variant that React writes with &amp; still matches its rule.
    expect(style).toContain(".\\[\\&_p\\]\\:my-5 p{");
    expect(style).not.toContain(".unused");
    // Each @property stays a valid rule (no stray ";" after a block).
    expect(style).toContain("@property --tw-border-style{");
    expect(style).toContain("@property --tw-shadow{");
    expect(style).not.toContain("};");
    expect(html).toContain(`<link rel="stylesheet" href="${HREF}" media="print" data-beasties-media="all"/>`);
    expect(html).toContain(`<noscript><link rel="stylesheet" href="${HREF}"/></noscript>`);
    expect(html).not.toMatch(/\son[a-z]+=/);
    expect(html).toMatch(/<script>document\.querySelectorAll\('link\[data-beasties-media\]'\)[^<]*<\/script><\/body>/);
    expect(hasCriticalCss(html)).toBe(true);
  });

  it("keeps the rules whose selector begins with :where(), as written, for the pages that use them", () => {
    const css = [
      "@layer base{:where([type=button],[type=reset]){appearance:button}:where(:not(iframe)){outline:auto}}",
      "@layer utilities{:where(.space-y-4>:not(:last-child)){margin-block-end:1rem}",
      ":where(.divide-y>:not(:last-child)){border-bottom-width:1px}.mt-2{margin-top:.5rem}}",
    ].join("");
    const where = criticalCssProcessor([compileCriticalCssPlan(css, HREF)]);
    const list = styleOf(where(page('<ul class="space-y-4"><li class="mt-2">a</li><li>b</li></ul>')));
    expect(list).toContain(":where(.space-y-4>:not(:last-child)){margin-block-end:1rem}");
    expect(list).not.toContain("divide-y");
    // A list inside :where(), or only pseudo-classes, cannot be matched: always inlined.
    expect(list).toContain(":where([type=button],[type=reset]){appearance:button}");
    expect(list).toContain(":where(:not(iframe)){outline:auto}");
    const plain = styleOf(where(page('<p class="mt-2">x</p>')));
    expect(plain).not.toContain("space-y-4");
    expect(plain).toContain(".mt-2{");
  });

  it("keeps the rules that hang on a data attribute of the document, which only a script sets", () => {
    const css =
      "@layer components{html[data-banner] .lift{translate:0 -4rem}[data-open] .shift{right:26rem}html:not([data-banner]) .banner{display:none}}";
    const state = criticalCssProcessor([compileCriticalCssPlan(css, HREF)]);
    const used = styleOf(state(page('<div class="lift shift">x</div><section class="banner">y</section>')));
    expect(used).toContain("html[data-banner] .lift{translate:0 -4rem}");
    expect(used).toContain("[data-open] .shift{right:26rem}");
    expect(used).toContain("html:not([data-banner]) .banner{display:none}");
    expect(styleOf(state(page('<p class="other">x</p>')))).not.toMatch(/lift|shift|banner/);
  });

  it("puts a fresh render's nonce on the style and script it adds", () => {
    const html = inline(page('<p class="border">x</p>'), "abc123");
    expect(html).toContain('<style nonce="abc123">');
    expect(html).toMatch(/<script nonce="abc123">document\.querySelectorAll/);
  });

  it("writes class attributes' character references as characters, and only there", () => {
    expect(plainClassAttributes('<p class="[&amp;_p]:x [&amp;&gt;*]:y content-[&#x27;a&#x27;] [&amp;amp;]">')).toBe(
      "<p class=\"[&_p]:x [&>*]:y content-['a'] [&amp;amp;]\">",
    );
    expect(plainClassAttributes('<p title="a &amp; b" class="x">')).toBe('<p title="a &amp; b" class="x">');
  });
});

describe("hydration after the first paint", () => {
  const routerScript = (nonce = "") =>
    `<script type="module" async=""${nonce}>;\nimport * as route0 from "/assets/root-a.js";\nimport * as route1 from "/assets/home-b.js";\n  window.__reactRouterManifest = {"url": "/assets/manifest-c.js"};\n  window.__reactRouterRouteModules = {"root":route0,"routes/site/home":route1};\n\nimport("/assets/entry.client-d.js");</script>`;

  it("waits for a painted frame, then preloads and imports the same modules and runs the rest as it was", () => {
    const head =
      '<head><link rel="modulepreload" href="/assets/entry.client-d.js" fetchpriority="low"/><link rel="modulepreload" href="/assets/root-a.js"/><link rel="preload" as="image" href="/i.svg"/></head>';
    const out = hydrateAfterFirstPaint(`${head}<p>x</p>${routerScript(' nonce="n"')}`);
    expect(out).not.toContain('rel="modulepreload"');
    expect(out).toContain('<link rel="preload" as="image" href="/i.svg"/>');
    expect(out).toContain(
      'for (const href of ["/assets/entry.client-d.js","/assets/root-a.js"]) { document.head.append(Object.assign(document.createElement("link"), { rel: "modulepreload", href, fetchPriority: "low" })); await (globalThis.scheduler?.yield?.() ?? new Promise((resolve) => setTimeout(resolve, 0))); }',
    );
    expect(out.indexOf("requestAnimationFrame")).toBeLessThan(out.indexOf("for (const href"));
    expect(out).toContain('<script type="module" async="" nonce="n">');
    expect(out).toContain("await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));");
    expect(out).toContain(
      'const [route0, route1] = await Promise.all([import("/assets/root-a.js"), import("/assets/home-b.js")]);',
    );
    expect(out).not.toMatch(/import \* as/);
    expect(out).toContain('window.__reactRouterRouteModules = {"root":route0,"routes/site/home":route1};');
    expect(out).toContain('import("/assets/entry.client-d.js");</script>');
    expect(out.indexOf("Promise.all")).toBeLessThan(out.indexOf("__reactRouterRouteModules"));
  });

  it("leaves a page without React Router's script alone, its preloads included", () => {
    const other =
      '<link rel="modulepreload" href="/a.js"/><script type="module">import * as x from "/a.js"; x.run();</script><script>var a = 1;</script>';
    expect(hydrateAfterFirstPaint(other)).toBe(other);
  });
});

describe("inline style hashes", () => {
  it("lists each <style> and, with 'unsafe-hashes', each style attribute as the browser reads it", () => {
    const html =
      '<style>p{color:red}</style><div style="width:0%"></div><i style="font-family:&quot;A&quot;"></i>' +
      "<script>var s = ' style=\"nope\"';</script>";
    expect(inlineStyleHashes(html)).toEqual([
      sha("p{color:red}"),
      "'unsafe-hashes'",
      sha("width:0%"),
      sha('font-family:"A"'),
    ]);
    expect(inlineStyleHashes("<style>a{}</style><p>style=&quot;x&quot;</p>")).toEqual([sha("a{}")]);
  });

  it("keeps 'unsafe-inline' out of style-src except for the back office", () => {
    const style = (csp: string) => /style-src ([^;]*)/.exec(csp)?.[1];
    expect(style(htmlCsp({ scriptSources: [], styleSources: [sha("a{}")] }))).toBe(`'self' ${sha("a{}")}`);
    expect(style(htmlCsp({ scriptSources: [], styleSources: [] }))).toBe("'self'");
    expect(style(htmlCsp({ scriptSources: [] }))).toBe("'self' 'unsafe-inline'");
  });
});

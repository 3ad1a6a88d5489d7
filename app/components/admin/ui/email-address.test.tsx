import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { EmailAddress } from "./email-address";

describe("EmailAddress", () => {
  it("offers line breaks after the @ and before each dot, and keeps the address whole as text", () => {
    const html = renderToStaticMarkup(<EmailAddress email="marta.quinn@quinnpottery.example.com" />);
    expect(html).toBe(
      '<span class="[overflow-wrap:break-word]">marta<wbr/>.quinn@<wbr/>quinnpottery<wbr/>.example<wbr/>.com</span>',
    );
    expect(html.replace(/<[^>]+>/g, "")).toBe("marta.quinn@quinnpottery.example.com");
  });
});

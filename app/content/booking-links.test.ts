import { describe, expect, it } from "vitest";
import { DEFAULT_MEETING_TYPES } from "~/contracts/booking-terms";
import { bookPath, CHECK_IN_SLUG, DISCOVERY_CALL_SLUG } from "./booking-links";

describe("the booking page's address", () => {
  it("names the meeting types a new database starts with", () => {
    expect([DISCOVERY_CALL_SLUG, CHECK_IN_SLUG]).toEqual(DEFAULT_MEETING_TYPES.map((type) => type.slug));
  });

  it("carries only the details given, trimmed, in the order the page reads them", () => {
    expect(bookPath(DISCOVERY_CALL_SLUG)).toBe("/book/discovery-call");
    expect(
      bookPath(DISCOVERY_CALL_SLUG, {
        name: " Łucja Nguyễn ",
        email: "lucja@example.com",
        phone: "",
        about: "Menu & hours",
        project: "WBT-2027-7KQ4MZ",
      }),
    ).toBe(
      "/book/discovery-call?name=%C5%81ucja+Nguy%E1%BB%85n&email=lucja%40example.com&about=Menu+%26+hours&project=WBT-2027-7KQ4MZ",
    );
    expect(bookPath(CHECK_IN_SLUG, { project: "WBT-2027-7KQ4MZ" })).toBe(
      "/book/project-check-in?project=WBT-2027-7KQ4MZ",
    );
    // A long description is cut for the address; the form takes the rest from the visitor.
    const long = new URL(bookPath(DISCOVERY_CALL_SLUG, { about: "x".repeat(5000) }), "https://example.test");
    expect(long.searchParams.get("about")).toHaveLength(1000);
  });
});

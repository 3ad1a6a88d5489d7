import { describe, expect, it } from "vitest";
import { writeSubmissionConfirmation } from "./submission-confirmation";

describe("the new lead's confirmation e-mail", () => {
  it("links the discovery call's booking page with the lead's name, e-mail and Project ID filled in", () => {
    const mail = writeSubmissionConfirmation(
      { name: "Łucja Nguyễn", email: "lucja@example.com", projectId: "WBT-2027-7KQ4MZ", contactId: 7 },
      "https://websitesbytyler.com",
    );
    const line = mail.text.split("\n").find((l) => l.startsWith("Book your discovery call: "));
    const link = new URL(line!.slice("Book your discovery call: ".length));
    expect(`${link.origin}${link.pathname}`).toBe("https://websitesbytyler.com/book/discovery-call");
    expect(Object.fromEntries(link.searchParams)).toEqual({
      name: "Łucja Nguyễn",
      email: "lucja@example.com",
      project: "WBT-2027-7KQ4MZ",
    });
  });
});

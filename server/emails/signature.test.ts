import { describe, expect, it } from "vitest";
import { EMAIL_TEMPLATE_IDS, renderEmailTemplate } from "~/lib/admin/email-templates";
import { writeChatConfirmation } from "./chat-confirmation";
import { writePortalSignIn } from "./portal-sign-in";
import { writeProjectUpdate } from "./project-update";
import { signature } from "./signature";
import { writeSubmissionConfirmation } from "./submission-confirmation";

const SITE_URL = "https://example.test";

describe("the owner's signature", () => {
  it("closes every signed e-mail after a blank line", () => {
    const signed = [
      writeSubmissionConfirmation(
        { name: "Maria Santos", email: "m@example.com", projectId: "WBT-1", contactId: 1 },
        SITE_URL,
      ),
      writeChatConfirmation(
        {
          id: "inquiry",
          status: "completed",
          completion_percentage: 100,
          created_at: "",
          completed_at: "",
          project_id: "WBT-1",
          visitor_name: "Maria",
          visitor_email: "m@example.com",
          project_type: "",
          budget: "",
          timeline: "",
          description: "",
          additional_info: "",
          contact_id: 1,
          updated_at: "",
        },
        1,
        "WBT-1",
        SITE_URL,
      ),
      writePortalSignIn("m@example.com", `${SITE_URL}/client-portal/sign-in?token=t`, new Date()),
      writeProjectUpdate(
        {
          project: { id: "WBT-1", name: "Bakery" },
          update: { title: "Home page", content: "Have a look." },
          contact: { id: 1, name: "Maria Santos", email: "m@example.com" },
        },
        SITE_URL,
      ),
    ];
    for (const email of signed) expect(email.text.endsWith(`\n\n${signature()}`), email.kind).toBe(true);
  });

  // The compose templates are a browser module and keep their own copy of the words.
  it.each(EMAIL_TEMPLATE_IDS)("signs the %s compose template in the same words", (id) => {
    const { content } = renderEmailTemplate(id, { name: "Maria", siteUrl: SITE_URL });
    expect(content.endsWith(`\n\n${signature()}`)).toBe(true);
  });
});

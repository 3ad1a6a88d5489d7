import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { answerControls } from "~/lib/chat/inquiry-messages";
import type { InquiryMessage } from "~/contracts/inquiries";
import { AnswerInput } from "./answer-input";
import { ChatHistory } from "./chat-history";
import { ChatProgress } from "./chat-progress";

const message = (id: number, extra: Partial<InquiryMessage>): InquiryMessage => ({
  id,
  inquiry_id: "inq",
  author_type: "admin",
  sender: "Tyler",
  content: `message ${id}`,
  message_type: "question",
  question_type: "name",
  options: [],
  created_at: new Date().toISOString(),
  ...extra,
});

const input = (question: InquiryMessage) =>
  renderToStaticMarkup(
    <AnswerInput
      controls={answerControls(question)}
      questionId={question.id}
      sending={false}
      error={null}
      onSend={async () => true}
    />,
  );

describe("ChatHistory", () => {
  it("is a 96-unit live log naming the visitor 'You' and the owner by the owner's first name", () => {
    const html = renderToStaticMarkup(
      <ChatHistory
        busy={false}
        messages={[
          message(1, { content: "What's your name?" }),
          message(2, { author_type: "visitor", sender: "Dana", message_type: "answer", content: "Dana <b>" }),
          // A reply sent from an admin account named after its e-mail address.
          message(3, { sender: "owner", message_type: "message", question_type: null, content: "Hi Dana" }),
        ]}
      />,
    );
    expect(html).toContain('role="log"');
    expect(html).toContain("h-96");
    expect(html.match(/<span[^>]*>Tyler<\/span>/g)).toHaveLength(2);
    expect(html).not.toMatch(/<span[^>]*>owner<\/span>/);
    expect(html).toMatch(/<span[^>]*>You<\/span>/);
    expect(html).not.toMatch(/<span[^>]*>Dana<\/span>/);
    // Stored text is shown as text.
    expect(html).toContain("Dana &lt;b&gt;");
  });
});

describe("AnswerInput", () => {
  it("shows only the box for a question without options", () => {
    const html = input(message(1, { question_type: "name" }));
    expect(html).toContain("<textarea");
    expect(html).not.toContain('role="group"');
  });

  it("shows only the option buttons for a choice question", () => {
    const html = input(message(1, { question_type: "budget", options: ["$75 - $150", "Let's discuss"] }));
    expect(html).not.toContain("<textarea");
    expect(html).toContain('aria-label="Choose an answer"');
    expect(html.match(/<button/g)).toHaveLength(2);
  });

  it("keeps the box for e-mail, description and additional, with options as a secondary choice", () => {
    const html = input(message(1, { question_type: "additional", options: ["That's everything"] }));
    expect(html).toContain("<textarea");
    expect(html).toContain('aria-label="Or pick one"');
    expect(html).toContain("That&#x27;s everything");
  });

  it("gives the e-mail question an e-mail keyboard", () => {
    expect(input(message(1, { question_type: "email" }))).toContain('inputMode="email"');
  });
});

describe("ChatProgress", () => {
  it("is a progress bar with its value, clamped to 0-100", () => {
    expect(renderToStaticMarkup(<ChatProgress percentage={43} />)).toContain('aria-valuenow="43"');
    expect(renderToStaticMarkup(<ChatProgress percentage={140} />)).toContain('aria-valuenow="100"');
    expect(renderToStaticMarkup(<ChatProgress percentage={Number.NaN} />)).toContain('aria-valuenow="0"');
  });
});

import { describe, expect, it } from "vitest";
import { answerControls, cleanAnswer, lastQuestion, mergeMessages, mergeSession } from "./inquiry-messages";
import type { InquiryMessage, InquirySession } from "~/contracts/inquiries";

function message(id: number, created_at: string, extra: Partial<InquiryMessage> = {}): InquiryMessage {
  return {
    id,
    inquiry_id: "inq",
    author_type: "admin",
    sender: "Tyler",
    content: `message ${id}`,
    message_type: "question",
    question_type: "name",
    options: [],
    created_at,
    ...extra,
  };
}

describe("mergeMessages", () => {
  it("keeps one copy per id and sorts by time, then id", () => {
    const first = message(1, "2026-11-20T10:00:00Z");
    const answer = message(2, "2026-11-20T10:01:00Z", { author_type: "visitor", message_type: "answer" });
    const sameTimeA = message(4, "2026-11-20T10:01:00Z");
    const sameTimeB = message(3, "2026-11-20T10:01:00Z");
    const merged = mergeMessages([answer, first], [sameTimeA, answer, sameTimeB]);
    expect(merged.map((m) => m.id)).toEqual([1, 2, 3, 4]);
  });

  it("returns the same list when nothing new came", () => {
    const list = [message(1, "2026-11-20T10:00:00Z")];
    expect(mergeMessages(list, [])).toBe(list);
  });

  it("lets a later copy of a message replace the earlier one", () => {
    const merged = mergeMessages(
      [message(1, "2026-11-20T10:00:00Z")],
      [message(1, "2026-11-20T10:00:00Z", { content: "edited" })],
    );
    expect(merged).toHaveLength(1);
    expect(merged[0]!.content).toBe("edited");
  });
});

describe("lastQuestion", () => {
  it("skips answers and plain messages after the question", () => {
    const question = message(2, "2026-11-20T10:01:00Z", { question_type: "budget" });
    const list = [
      message(1, "2026-11-20T10:00:00Z"),
      question,
      message(3, "2026-11-20T10:02:00Z", { message_type: "message", question_type: null }),
    ];
    expect(lastQuestion(list)).toBe(question);
    expect(lastQuestion([])).toBeUndefined();
  });
});

describe("answerControls", () => {
  const at = "2026-11-20T10:00:00Z";
  it("shows only the box for a question without options", () => {
    expect(answerControls(message(1, at, { question_type: "name" }))).toMatchObject({ freeText: true, options: [] });
    expect(answerControls(undefined)).toMatchObject({ freeText: true, options: [], questionType: null });
  });

  it("shows only option buttons for choice questions", () => {
    const controls = answerControls(message(1, at, { question_type: "budget", options: ["$75-$150", "Not sure yet"] }));
    expect(controls).toEqual({
      freeText: false,
      options: ["$75-$150", "Not sure yet"],
      optionStyle: "primary",
      questionType: "budget",
    });
  });

  it.each(["description", "email", "additional"] as const)(
    "keeps the box for %s, with options as a secondary choice",
    (type) => {
      const controls = answerControls(message(1, at, { question_type: type, options: ["That's everything"] }));
      expect(controls).toMatchObject({ freeText: true, optionStyle: "secondary", options: ["That's everything"] });
    },
  );
});

describe("mergeSession", () => {
  const base: InquirySession = {
    id: "inq",
    status: "active",
    completion_percentage: 40,
    created_at: "",
    completed_at: null,
    project_id: null,
  };
  it("never goes back from completed or to a lower percentage", () => {
    const done = {
      ...base,
      status: "completed" as const,
      completion_percentage: 100,
      completed_at: "2026-11-20T10:00:00Z",
    };
    expect(mergeSession(done, base)).toMatchObject({
      status: "completed",
      completion_percentage: 100,
      completed_at: done.completed_at,
    });
    expect(mergeSession(base, { ...base, completion_percentage: 60 }).completion_percentage).toBe(60);
  });

  it("takes the new session as it is when the id differs", () => {
    const other = { ...base, id: "other", completion_percentage: 10 };
    expect(mergeSession(base, other)).toBe(other);
  });
});

describe("cleanAnswer", () => {
  it("trims and refuses whitespace", () => {
    expect(cleanAnswer("  Dana \n")).toBe("Dana");
    expect(cleanAnswer(" \n\t ")).toBeNull();
  });
});

import { z } from "zod";
import { site } from "~/config/site";
import type { QuestionType } from "~/contracts/inquiry-terms";
import { LIMITS } from "~/contracts/form-options";
import { BUDGETS, SITE_TYPES, TIMELINES } from "~/contracts/form-options";

/**
 * The guided inquiry's questionnaire, in order. The server asks, checks each
 * answer and decides what comes next; the page only shows what it is sent.
 * Option lists are the project form's, so both kinds of lead read the same.
 */
export interface InquiryAnswers {
  name?: string;
  email?: string;
}

export interface Question {
  type: QuestionType;
  ask(answers: InquiryAnswers): string;
  options: readonly string[];
  /** The value to store, or the reason to ask again. */
  read(answer: string): { value: string } | { retry: string };
}

const firstName = (answers: InquiryAnswers) => answers.name?.split(/\s+/)[0] ?? "";

/** Matches an option by its label or value, whatever the case. */
function pickOption(options: readonly { value: string; label: string }[], answer: string) {
  const wanted = answer.trim().toLowerCase();
  const found = options.find((o) => o.label.toLowerCase() === wanted || o.value.toLowerCase() === wanted);
  return found
    ? { value: found.value }
    : { retry: `Please choose one of these: ${options.map((o) => o.label).join(", ")}.` };
}

const email = z.email();
export const NOTHING_MORE = "That's everything";

export const QUESTIONS: readonly Question[] = [
  {
    type: "name",
    ask: () =>
      `Hi, I'm ${site.owner.firstName}! A few quick questions about your project and I'll have everything I need to reply with ideas and a price. It takes about two minutes. First, what's your name?`,
    options: [],
    read: (answer) =>
      answer.length > LIMITS.name
        ? { retry: `That's a bit long for a name. What should I call you (up to ${LIMITS.name} characters)?` }
        : { value: answer },
  },
  {
    type: "email",
    ask: (answers) =>
      `Nice to meet you, ${firstName(answers)}! What's the best e-mail address to reach you? I only use it to reply about your project.`,
    options: [],
    read: (answer) =>
      answer.length <= LIMITS.email && email.safeParse(answer).success
        ? { value: answer }
        : {
            retry: `Hmm, that doesn't look like an e-mail address. Could you check it? It should look like name@example.com.`,
          },
  },
  {
    type: "project_type",
    ask: () => "What kind of website do you have in mind?",
    options: SITE_TYPES.map((o) => o.label),
    read: (answer) => pickOption(SITE_TYPES, answer),
  },
  {
    type: "budget",
    ask: () =>
      `What budget are you thinking about? Sites start at $${site.pricing.startingPrice}, and "Let's discuss" is a fine answer too.`,
    options: BUDGETS.map((o) => o.label),
    read: (answer) => pickOption(BUDGETS, answer),
  },
  {
    type: "timeline",
    ask: () => `When would you like the site to go live? Most sites take ${site.delivery.typical}.`,
    options: TIMELINES.map((o) => o.label),
    read: (answer) => pickOption(TIMELINES, answer),
  },
  {
    type: "description",
    ask: () =>
      "Tell me about the project: what does your business or cause do, and what should the website help visitors do (call you, book, find your menu, donate...)?",
    options: [],
    read: (answer) => ({ value: answer }),
  },
  {
    type: "additional",
    ask: () =>
      'Last one: anything else I should know? Pages you need, sites you like, a deadline, your current website. If not, just tap "That\'s everything".',
    options: [NOTHING_MORE],
    read: (answer) => ({ value: answer }),
  },
];

export const questionAt = (type: QuestionType) => QUESTIONS.findIndex((q) => q.type === type);

/** Share of the questionnaire answered once `type` is answered, 0-100. */
export const completionAfter = (type: QuestionType) => Math.round(((questionAt(type) + 1) / QUESTIONS.length) * 100);

export function completionMessage(answers: InquiryAnswers, projectId: string): string {
  return `Thank you, ${firstName(answers)}! Your inquiry is complete. I'll read it myself and reply to ${answers.email} within ${site.replyPromise.standard}. Your Project ID is ${projectId}: with it you can follow your project in the client portal.`;
}

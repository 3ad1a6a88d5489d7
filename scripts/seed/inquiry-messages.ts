import { site } from "~/config/site";
import { BUDGETS, SITE_TYPES, TIMELINES } from "~/contracts/form-options";
import { completionMessage, QUESTIONS } from "../../server/services/inquiry-questions";
import type { SeedContext } from "./context";
import { TYPOS } from "./lead-texts";
import { fill, lit, optionLabel, SqlList } from "./sql";

/**
 * The chats' messages, as server/services/inquiry-chat.ts writes them: each question of
 * inquiry-questions.ts (with its options), the visitor's answer (the option's label), a
 * question asked again now and then after a typed answer it could not read, the completion
 * message with the Project ID, and the
 * owner's messages in the chat afterwards. In order: one step every 25 seconds or so.
 */

const questionTexts = new SqlList(QUESTIONS.map((q) => q.ask({ name: "{first}" })));
const questionTypes = new SqlList(QUESTIONS.map((q) => q.type));
const questionOptions = new SqlList(QUESTIONS.map((q) => JSON.stringify(q.options)));
const completion = completionMessage({ name: "{first}", email: "{email}" }, "{pid}");

/** How often each question's first answer is asked again (typed words where an option was expected). */
const RETRY_RATES: Partial<Record<keyof typeof TYPOS, number>> = {
  email: 0.08,
  project_type: 0.08,
  budget: 0.2,
  timeline: 0.1,
};
const typoList = (type: string) => (type in TYPOS ? TYPOS[type as keyof typeof TYPOS] : []);
/** Each question's four typos, in question order (none for the free-text questions). */
const typos = new SqlList(QUESTIONS.flatMap((q) => [...typoList(q.type), "", "", "", ""].slice(0, 4)));
const retryRates = new SqlList(
  QUESTIONS.map((q) => RETRY_RATES[q.type as keyof typeof TYPOS] ?? 0),
  "float8",
);
/** What the chat answers to the first typo: "Please choose one of these: ..." (read() of the question). */
const retryTexts = new SqlList(
  QUESTIONS.map((q) => {
    const read = q.read(typoList(q.type)[0] ?? "");
    return "retry" in read ? read.retry : "";
  }),
);

// prettier-ignore
const FOLLOW_UPS = new SqlList([
  "Hi {first}, thanks again for all the details! I'll send a first idea and a price to {email} by tomorrow.",
  "Quick question, {first}: do you already own a domain name for the site?",
  "I sent the quote by e-mail. Let me know if anything is unclear!",
  "Thanks {first}! I looked at your Facebook page, lots of good photos we can use.",
  `Hi {first}, just checking you got my e-mail. If it's easier, call me at ${site.phone.display}.`,
]);
// prettier-ignore
const NUDGES = new SqlList([
  `Hi {first}, looks like we got cut off. No problem: answer here whenever you like, or call me at ${site.phone.display}.`,
  "Hi {first}! I saw you started telling me about your project. Happy to pick it up by e-mail if that's easier.",
]);

export async function seedInquiryMessages(ctx: SeedContext): Promise<number> {
  const owner = lit(site.owner.firstName);
  const first = "split_part(name, ' ', 1)";
  const lower = (part: number) => `lower(regexp_replace(split_part(name, ' ', ${part}), '[^A-Za-z]', '', 'g'))`;
  const step = "(qn * 4 + p)";
  const retried = `(qn < answered and ${ctx.r("key * 8 + qn", "message.retry")} < ${retryRates.at("qn + 1")})`;
  const { rowCount } = await ctx.exec(`insert into inquiry_messages (inquiry_id, author_type, sender, content,
      message_type, question_type, options, created_at)
    select inquiry_id, author_type, sender, content, message_type, question_type, options, at from (
      select id as inquiry_id, ${step} as step, case when p in (1, 3) then 'visitor' else 'admin' end as author_type,
        case when p not in (1, 3) then ${owner} when qn = 0 then 'Visitor' else name end as sender,
        case p when 0 then ${fill(questionTexts.at("qn + 1"), { first })}
          when 1 then ${fill(typos.at(`qn * 4 + 1 + floor(${ctx.r("key * 8 + qn", "message.typo")} * 4)::int`), { first: lower(1), last: lower(2) })}
          when 2 then ${retryTexts.at("qn + 1")}
          when 3 then (case qn when 0 then name when 1 then email when 2 then ${optionLabel(SITE_TYPES, "site_type")}
            when 3 then ${optionLabel(BUDGETS, "budget")} when 4 then ${optionLabel(TIMELINES, "timeline")}
            when 5 then description else additional end)
          else ${fill(lit(completion), { first, email: "email", pid: "project_id" })} end as content,
        case p when 3 then 'answer' when 1 then 'answer' when 4 then 'message' else 'question' end as message_type,
        case when p < 4 then ${questionTypes.at("qn + 1")} end as question_type,
        -- a question asked again keeps its options (inquiry-chat.ts askQuestion)
        case when p in (0, 2) then ${questionOptions.at("qn + 1")}::jsonb else '[]'::jsonb end as options,
        -- the answer that completes the chat and its reply are written with the contact and project
        case when p = 4 then completed_at
          else least(${ctx.nowSql}, created_at + (${step} * 25 + 15 * ${ctx.r(`key * 64 + ${step}`, "message.at")})
            * interval '1 second') end as at
      from seed_inquiries
      cross join generate_series(0, ${QUESTIONS.length - 1}) as qn cross join generate_series(0, 4) as p
      where (p = 0 and qn <= least(answered, ${QUESTIONS.length - 1}))
        or (p in (1, 2) and ${retried})
        or (p = 3 and qn < answered)
        or (p = 4 and qn = ${QUESTIONS.length - 1} and completed)
      union all
      -- the owner's messages in the chat (postAdminMessage): replies after a completed chat, a nudge after an unfinished one
      select id, 100 + j, 'admin', ${owner},
        case when completed then ${fill(FOLLOW_UPS.pick(ctx.r("key * 8 + j", "message.followup")), { first, email: "email" })}
          else ${fill(NUDGES.pick(ctx.r("key", "message.nudge")), { first })} end,
        'message', null, '[]'::jsonb,
        least(${ctx.nowSql}, coalesce(completed_at, created_at + answered * interval '50 seconds')
          + (j - 1 + 0.2 + 0.7 * ${ctx.r("key * 8 + j", "message.later")}) * interval '1 day')
      from seed_inquiries cross join lateral generate_series(1, followups) as j
    ) m
    order by at, inquiry_id, step`);
  return rowCount ?? 0;
}

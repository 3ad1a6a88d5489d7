import type { Attribution } from "~/contracts/fields";
import type { QuestionType } from "~/contracts/inquiry-terms";
import type {
  CreateInquiryResponse,
  InquiryMessagesResponse,
  InquirySession,
  PostInquiryMessageBody,
  PostInquiryMessageResponse,
} from "~/contracts/inquiries";

/**
 * The inquiry chat's calls (docs/product/chat.md "The calls"). Each resolves with the checked
 * answer or throws an ApiError (~/lib/api/api-error); callers decide what to show. The endpoints'
 * table and the caller load with the first call: neither the schema library nor the caller is part
 * of the page's first load.
 */
const api = () =>
  Promise.all([import("~/contracts/inquiries"), import("~/lib/api/call")]).then(([contracts, caller]) => ({
    endpoints: contracts.inquiriesEndpoints,
    call: caller.call,
  }));

/** A new inquiry with its first question already asked. */
export async function createInquiry(attribution?: Attribution): Promise<CreateInquiryResponse> {
  const { call, endpoints } = await api();
  return call(endpoints.create, {
    body: attribution ? { attribution } : {},
    fallbackError: "The chat could not be started",
  });
}

/** The inquiry's session and messages, oldest first. */
export async function loadInquiry(inquiryId: string): Promise<InquiryMessagesResponse> {
  const { call, endpoints } = await api();
  return call(endpoints.messages, {
    params: { id: inquiryId },
    fallbackError: `The inquiry ${inquiryId} could not be loaded`,
  });
}

/** What a posted answer gives back; the session is optional so an answer without it still counts. */
export type PostedAnswer = Omit<PostInquiryMessageResponse, "session"> & { session: InquirySession | undefined };

/** The visitor's answer to the last question. */
export async function postAnswer(
  inquiryId: string,
  content: string,
  questionType: QuestionType | null,
): Promise<PostedAnswer> {
  const body: PostInquiryMessageBody = {
    inquiry_id: inquiryId,
    author_type: "visitor",
    content,
    message_type: "answer",
    question_type: questionType,
  };
  const { call, endpoints } = await api();
  return call(endpoints.postMessage, {
    params: { id: inquiryId },
    body,
    fallbackError: "The answer could not be sent",
  });
}

/**
 * The lead score of docs/product/lead-paths.md "Lead score", 0-100. The rules
 * also score budgets of 1500-2500 and 2500+, which the project form never
 * offers (its top options are 300-500 and 500-plus): the form's top band,
 * 500-plus, takes the 20 points and 300-500 takes 10
 * (docs/decisions/005-lead-score.md).
 */
export interface LeadSignals {
  budget?: string;
  timeline?: string;
  description?: string;
  phone?: string;
  company?: string;
}

export const LEAD_SCORE_RULES = {
  topBudget: 20,
  upperBudget: 10,
  urgentTimeline: 15,
  detailedDescription: 10,
  phone: 10,
  company: 5,
} as const;

const TOP_BUDGETS = new Set(["500-plus", "1500-2500", "2500+"]);
const UPPER_BUDGETS = new Set(["300-500"]);
const URGENT_TIMELINES = new Set(["asap", "1-2weeks"]);
/** Descriptions longer than this many characters count as detailed. */
export const DETAILED_DESCRIPTION_CHARS = 100;

export function scoreLead(signals: LeadSignals): number {
  let score = 0;
  if (signals.budget && TOP_BUDGETS.has(signals.budget)) score += LEAD_SCORE_RULES.topBudget;
  else if (signals.budget && UPPER_BUDGETS.has(signals.budget)) score += LEAD_SCORE_RULES.upperBudget;
  if (signals.timeline && URGENT_TIMELINES.has(signals.timeline)) score += LEAD_SCORE_RULES.urgentTimeline;
  if ((signals.description?.trim().length ?? 0) > DETAILED_DESCRIPTION_CHARS)
    score += LEAD_SCORE_RULES.detailedDescription;
  if (signals.phone?.trim()) score += LEAD_SCORE_RULES.phone;
  if (signals.company?.trim()) score += LEAD_SCORE_RULES.company;
  return Math.min(100, score);
}

/** Care plans in the admin (docs/product/billing.md "Care plans"): a project's section and the dashboard's card. */
export { CarePlansSection } from "./care-plans-section";
export { RecurringRevenueCard } from "./recurring-card";

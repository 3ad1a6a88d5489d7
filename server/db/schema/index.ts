export * from "./rate-limits";
export * from "./crm";
export * from "./email";

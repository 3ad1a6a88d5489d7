export * from "./rate-limits";

export * from "./rate-limits";
export * from "./crm";
export * from "./email";
export * from "./chat";
export * from "./auth";
export * from "./content";
export * from "./media";
export * from "./projects";

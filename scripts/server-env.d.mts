export declare const SERVER_MALLOC_SETTINGS: Readonly<Record<"MALLOC_ARENA_MAX" | "MALLOC_MMAP_THRESHOLD_", string>>;
export declare function serverEnvironment<T extends Record<string, string | undefined>>(
  env: T,
): T & Record<"MALLOC_ARENA_MAX" | "MALLOC_MMAP_THRESHOLD_", string>;

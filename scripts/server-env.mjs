// The server's process takes these glibc malloc settings (docs/decisions/050-owner-work-beside-leads-and-memory.md;
// docs/performance.md "The server's memory at rest"), unless the environment gives its own
// (the shell, the settings file or the unit: the operator's value wins).
//  - MALLOC_MMAP_THRESHOLD_: a block of 128 KB or more is mapped on its own and given back to the
//    system when freed. By default glibc raises that threshold each time such a block is freed
//    (up to 32 MB), after which the next large buffers (an uploaded photo, a large query answer)
//    come from the heap and stay resident once freed: 60-100 MB more after eight photo uploads,
//    none with the threshold fixed.
//  - MALLOC_ARENA_MAX: two arenas rather than up to eight per core for the threads that allocate
//    (libuv's pool, V8's, libvips's after an upload); in the measured mix it changed little, it
//    bounds the worst case.
export const SERVER_MALLOC_SETTINGS = Object.freeze({
  MALLOC_ARENA_MAX: "2",
  MALLOC_MMAP_THRESHOLD_: "131072",
});

/** The server's environment: `env` with the malloc settings it does not set itself. */
export const serverEnvironment = (env) => ({ ...SERVER_MALLOC_SETTINGS, ...env });

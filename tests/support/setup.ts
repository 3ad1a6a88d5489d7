import { afterEach, beforeEach, expect, vi } from "vitest";

/** console.error during a test fails it, unless the test expects it (vi.mocked(console.error).mockClear()). */
let errorSpy: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  errorSpy = vi.spyOn(console, "error");
});
afterEach(() => {
  const calls = [...errorSpy.mock.calls];
  errorSpy.mockRestore();
  // Test files share their fork's modules (isolate: false in vitest.config.ts): nothing a test
  // changes in the process outlives it.
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  expect(calls, "console.error was called during the test").toEqual([]);
});

import { afterEach, beforeEach, expect, vi } from "vitest";

/** console.error during a test fails it, unless the test expects it (vi.mocked(console.error).mockClear()). */
let errorSpy: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  errorSpy = vi.spyOn(console, "error");
});
afterEach(() => {
  const calls = errorSpy.mock.calls;
  errorSpy.mockRestore();
  expect(calls, "console.error was called during the test").toEqual([]);
});

import { describe, expect, it } from "vitest";
import { autosaveReducer, autosaveText, type AutosaveState } from "./autosave";

const at = new Date(2026, 0, 5, 15, 42).getTime();

describe("autosave indicator", () => {
  it("goes from a change to 'Saving...' to 'Saved {time}'", () => {
    let state: AutosaveState = { status: "idle" };
    expect(autosaveText(state)).toBe("");
    state = autosaveReducer(state, { type: "change" });
    expect(autosaveText(state)).toBe("Unsaved changes");
    state = autosaveReducer(state, { type: "save", at });
    expect(autosaveText(state)).toBe("Saving...");
    state = autosaveReducer(state, { type: "done" });
    expect(autosaveText(state)).toBe("Saved 3:42 PM");
  });

  it("a change while saving wins over the end of 'Saving...'", () => {
    let state = autosaveReducer({ status: "saving", at }, { type: "change" });
    state = autosaveReducer(state, { type: "done" });
    expect(state).toEqual({ status: "unsaved" });
  });

  it("flushes only unsaved changes", () => {
    expect(autosaveReducer({ status: "unsaved" }, { type: "flush", at })).toEqual({ status: "saved", at });
    expect(autosaveReducer({ status: "idle" }, { type: "flush", at })).toEqual({ status: "idle" });
    expect(autosaveReducer({ status: "saved", at: 1 }, { type: "save", at })).toEqual({ status: "saved", at: 1 });
  });
});

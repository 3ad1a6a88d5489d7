import { describe, expect, it } from "vitest";
import { paletteGroups, parseRecent, pushRecent, RECENT_SHOWN } from "./palette-model";
import type { CommandId } from "./commands";

describe("recent commands", () => {
  it("puts the latest first, without repeats, keeping 10", () => {
    let recent: CommandId[] = [];
    for (const id of ["bold", "italic", "bold"] as const) recent = pushRecent(recent, id);
    expect(recent).toEqual(["bold", "italic"]);
    const many: CommandId[] = [
      "heading1",
      "heading2",
      "heading3",
      "bulletList",
      "numberedList",
      "taskList",
      "link",
      "image",
      "table",
      "date",
      "time",
    ];
    for (const id of many) recent = pushRecent(recent, id);
    expect(recent).toHaveLength(10);
    expect(recent[0]).toBe("time");
    expect(recent).not.toContain("bold");
  });

  it("reads only known commands from storage", () => {
    expect(parseRecent(null)).toEqual([]);
    expect(parseRecent("not json")).toEqual([]);
    expect(parseRecent('{"a":1}')).toEqual([]);
    expect(parseRecent('["bold","nope",3,"bold","table"]')).toEqual(["bold", "table"]);
  });
});

describe("palette groups", () => {
  it("lists every command by category, with up to 5 recent ones first while the search is empty", () => {
    const groups = paletteGroups("", ["table", "bold", "italic", "link", "image", "date", "time"]);
    expect(groups.map((g) => g.label)).toEqual([
      "Recent",
      "Formatting",
      "Headings",
      "Lists",
      "Insert",
      "Code",
      "Structure",
    ]);
    expect(groups[0]!.items.map((i) => i.command.id)).toEqual(["table", "bold", "italic", "link", "image"]);
    expect(groups[0]!.items).toHaveLength(RECENT_SHOWN);
    const keys = groups.flatMap((g) => g.items.map((i) => i.key));
    expect(new Set(keys).size).toBe(keys.length);
    expect(groups.slice(1).flatMap((g) => g.items)).toHaveLength(19);
  });

  it("has no 'Recent' group without history or while searching", () => {
    expect(paletteGroups("", [])[0]!.label).toBe("Formatting");
    expect(paletteGroups("bold", ["bold"]).map((g) => g.label)).toEqual(["Formatting"]);
  });

  it("finds commands by name, keyword or category, every word counting", () => {
    const ids = (q: string) => paletteGroups(q, []).flatMap((g) => g.items.map((i) => i.command.id));
    expect(ids("TABLE")).toEqual(["table"]);
    expect(ids("checkbox")).toEqual(["taskList"]);
    expect(ids("headings")).toEqual(["heading1", "heading2", "heading3"]);
    expect(ids("heading 2")).toEqual(["heading2"]);
    expect(ids("insert current")).toEqual(["date", "time"]);
    expect(ids("zzz")).toEqual([]);
  });
});

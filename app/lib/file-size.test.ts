import { describe, expect, it } from "vitest";
import { formatFileSize } from "./file-size";

describe("formatFileSize", () => {
  it("uses Bytes, KB, MB and GB with base 1024, at most one decimal", () => {
    expect(formatFileSize(0)).toBe("0 Bytes");
    expect(formatFileSize(512)).toBe("512 Bytes");
    expect(formatFileSize(1023)).toBe("1023 Bytes");
    expect(formatFileSize(1024)).toBe("1 KB");
    expect(formatFileSize(1536)).toBe("1.5 KB");
    expect(formatFileSize(25 * 1024 * 1024)).toBe("25 MB");
    expect(formatFileSize(1234567)).toBe("1.2 MB");
    expect(formatFileSize(3 * 1024 ** 3)).toBe("3 GB");
    expect(formatFileSize(5 * 1024 ** 4)).toBe("5120 GB");
  });

  it("7. writes the same file's size the same way in the portal and the media library", () => {
    // The file of the finding: 1.46 MB in the library, 1.5 MB in the portal.
    expect(formatFileSize(1_530_000)).toBe("1.5 MB");
  });

  it("answers 0 Bytes for nonsense", () => {
    expect(formatFileSize(-5)).toBe("0 Bytes");
    expect(formatFileSize(Number.NaN)).toBe("0 Bytes");
  });
});

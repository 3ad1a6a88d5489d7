import { describe, expect, it } from "vitest";
import { site } from "~/config/site";
import { EnvError, parseEnv } from "./env";

describe("parseEnv", () => {
  it("gives working defaults", () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.SITE_URL).toBe("http://localhost:3000");
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.EMBEDDED_PG_PORT).not.toBe(5432);
    expect(env.MAX_JSON_BODY_BYTES).toBe(1024 * 1024);
  });

  it("derives the default site URL from the port and strips a trailing slash", () => {
    expect(parseEnv({ PORT: "8080" }).SITE_URL).toBe("http://localhost:8080");
    expect(parseEnv({ SITE_URL: "https://example.com/" }).SITE_URL).toBe("https://example.com");
  });

  it.each([
    ["PORT", "eighty"],
    ["PORT", "70000"],
    ["SITE_URL", "not a url"],
    ["SITE_URL", "ftp://example.com"],
    ["DATABASE_URL", "mysql://localhost/db"],
    ["LOG_LEVEL", "loud"],
    ["TRUST_PROXY", "maybe"],
  ])("rejects %s=%s with a message naming the variable", (name, value) => {
    expect(() => parseEnv({ [name]: value })).toThrow(EnvError);
    expect(() => parseEnv({ [name]: value })).toThrow(
      new RegExp(`${name}: .*\\(got "${value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}"\\)`),
    );
  });

  it("reads ANALYTICS_HOSTS as a list of hosts, empty by default, and refuses anything else", () => {
    expect(parseEnv({}).ANALYTICS_HOSTS).toEqual([]);
    expect(parseEnv({ ANALYTICS_HOSTS: "Staging.Example.com, localhost:4173" }).ANALYTICS_HOSTS).toEqual([
      "staging.example.com",
      "localhost:4173",
    ]);
    expect(() => parseEnv({ ANALYTICS_HOSTS: "https://staging.example.com" })).toThrow(/ANALYTICS_HOSTS: /);
    expect(() => parseEnv({ ANALYTICS_RATE_LIMIT: "0" })).toThrow(/ANALYTICS_RATE_LIMIT: /);
  });

  it("accepts a postgres URL and treats an empty one as unset", () => {
    expect(parseEnv({ DATABASE_URL: "postgres://postgres@127.0.0.1:5432/test" }).DATABASE_URL).toBe(
      "postgres://postgres@127.0.0.1:5432/test",
    );
    expect(parseEnv({ DATABASE_URL: "" }).DATABASE_URL).toBeUndefined();
  });
});

describe("media storage settings", () => {
  const s3 = {
    MEDIA_STORAGE: "s3",
    S3_ENDPOINT: "https://0123abcd.r2.cloudflarestorage.com",
    S3_BUCKET: "site-media",
    S3_ACCESS_KEY_ID: "key-id",
    S3_SECRET_ACCESS_KEY: "secret",
  };

  it("keeps media on local disk by default, with .env.example's empty S3 values", () => {
    const env = parseEnv({ S3_ENDPOINT: "", S3_REGION: "", S3_BUCKET: "", S3_PUBLIC_URL: "", S3_KEY_PREFIX: "" });
    expect(env).toMatchObject({ MEDIA_STORAGE: "local", S3_REGION: "auto", S3_FORCE_PATH_STYLE: false });
    expect(env.S3_BUCKET).toBeUndefined();
    expect(env.S3_PUBLIC_URL).toBeUndefined();
  });

  it("accepts a complete S3 setup", () => {
    const env = parseEnv({
      ...s3,
      S3_FORCE_PATH_STYLE: "true",
      S3_KEY_PREFIX: "/media/",
      S3_PUBLIC_URL: "https://media.example.com",
    });
    expect(env).toMatchObject({ ...s3, S3_REGION: "auto", S3_FORCE_PATH_STYLE: true, S3_KEY_PREFIX: "media" });
  });

  it.each(["S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"])(
    "stops the start when MEDIA_STORAGE=s3 lacks %s",
    (name) => {
      const source = { ...s3, [name]: "" };
      expect(() => parseEnv(source)).toThrow(EnvError);
      expect(() => parseEnv(source)).toThrow(new RegExp(`${name}: is required when MEDIA_STORAGE=s3`));
    },
  );

  it("names every missing S3 setting at once", () => {
    expect(() => parseEnv({ MEDIA_STORAGE: "s3" })).toThrow(
      /S3_BUCKET: is required[\s\S]*S3_ACCESS_KEY_ID: is required[\s\S]*S3_SECRET_ACCESS_KEY: is required/,
    );
  });

  it.each([
    ["MEDIA_STORAGE", "r2"],
    ["S3_ENDPOINT", "not a url"],
    ["S3_PUBLIC_URL", "ftp://media.example.com"],
    ["S3_FORCE_PATH_STYLE", "sometimes"],
    ["S3_BUCKET", "my bucket"],
    ["S3_KEY_PREFIX", "../up"],
  ])("rejects %s=%s", (name, value) => {
    expect(() => parseEnv({ ...s3, [name]: value })).toThrow(new RegExp(`${name}: `));
  });

  it("refuses S3_PUBLIC_URL with local media, where it would do nothing", () => {
    expect(() => parseEnv({ S3_PUBLIC_URL: "https://media.example.com" })).toThrow(
      /S3_PUBLIC_URL: is only used with MEDIA_STORAGE=s3/,
    );
  });
});

describe("backup settings", () => {
  const bucket = { S3_BUCKET: "site-files", S3_ACCESS_KEY_ID: "key-id", S3_SECRET_ACCESS_KEY: "secret" };

  it("backs up daily at 3 into DATA_DIR/backups, keeping as many archives as the privacy policy's days", () => {
    const env = parseEnv({ DATA_DIR: "/srv/site", BACKUP_DIR: "", BACKUP_S3_PREFIX: "", BACKUP_HOUR: "" });
    expect(env).toMatchObject({
      BACKUP_DIR: "/srv/site/backups",
      BACKUP_HOUR: 3,
      BACKUP_KEEP: site.retention.backupsDays,
    });
    expect(env.BACKUP_S3_PREFIX).toBeUndefined();
  });

  it("reads an hour from 0 to 23, or off", () => {
    expect(parseEnv({ BACKUP_HOUR: "0" }).BACKUP_HOUR).toBe(0);
    expect(parseEnv({ BACKUP_HOUR: "07" }).BACKUP_HOUR).toBe(7);
    expect(parseEnv({ BACKUP_HOUR: "23" }).BACKUP_HOUR).toBe(23);
    expect(parseEnv({ BACKUP_HOUR: " Off " }).BACKUP_HOUR).toBeNull();
  });

  it.each([
    ["BACKUP_HOUR", "24", /BACKUP_HOUR: must be an hour from 0 to 23 \(America\/New_York time\), or off/],
    ["BACKUP_HOUR", "3am", /BACKUP_HOUR: must be an hour/],
    ["BACKUP_HOUR", "-1", /BACKUP_HOUR: must be an hour/],
    ["BACKUP_KEEP", "0", /BACKUP_KEEP: must be at least 1/],
    ["BACKUP_KEEP", "2.5", /BACKUP_KEEP: must be a number of archives/],
    ["BACKUP_KEEP", "many", /BACKUP_KEEP: must be a number of archives/],
    ["BACKUP_S3_PREFIX", "../up", /BACKUP_S3_PREFIX: must be a folder name/],
  ])("refuses %s=%s, saying what to write", (name, value, message) => {
    expect(() => parseEnv({ ...bucket, [name]: value })).toThrow(message);
  });

  it("keeps the archives out of the media and database folders", () => {
    expect(parseEnv({ DATA_DIR: "/srv/site", BACKUP_DIR: "/mnt/backups/site" }).BACKUP_DIR).toBe("/mnt/backups/site");
    expect(() => parseEnv({ DATA_DIR: "/srv/site", BACKUP_DIR: "/srv/site/media/backups" })).toThrow(
      /BACKUP_DIR: must be a folder outside DATA_DIR\/media, e.g. \/srv\/site\/backups/,
    );
    expect(() => parseEnv({ DATA_DIR: "/srv/site", BACKUP_DIR: "/srv/site/postgres" })).toThrow(
      /BACKUP_DIR: must be a folder outside DATA_DIR\/postgres/,
    );
  });

  it("puts the archives in the bucket under BACKUP_S3_PREFIX, which needs the bucket's settings", () => {
    expect(parseEnv({ ...bucket, BACKUP_S3_PREFIX: "/backups/" }).BACKUP_S3_PREFIX).toBe("backups");
    expect(() => parseEnv({ BACKUP_S3_PREFIX: "backups" })).toThrow(
      /S3_BUCKET: is required when BACKUP_S3_PREFIX is set[\s\S]*S3_ACCESS_KEY_ID: is required[\s\S]*S3_SECRET_ACCESS_KEY: is required/,
    );
  });

  it("refuses a bucket folder that overlaps the media's keys", () => {
    const s3 = { ...bucket, MEDIA_STORAGE: "s3" };
    // Media at the bucket's root: the media store lists (and a restore replaces) the whole bucket.
    expect(() => parseEnv({ ...s3, BACKUP_S3_PREFIX: "backups" })).toThrow(
      /BACKUP_S3_PREFIX: needs the media in a folder of their own \(S3_KEY_PREFIX\)/,
    );
    // Media in a folder: the backups' folder must neither be in it nor hold it.
    expect(parseEnv({ ...s3, S3_KEY_PREFIX: "site/media", BACKUP_S3_PREFIX: "site/backups" }).BACKUP_S3_PREFIX).toBe(
      "site/backups",
    );
    for (const prefix of ["site/media", "site/media/backups", "site"])
      expect(() => parseEnv({ ...s3, S3_KEY_PREFIX: "site/media", BACKUP_S3_PREFIX: prefix })).toThrow(
        /BACKUP_S3_PREFIX: must be a folder apart from the media's \(S3_KEY_PREFIX=site\/media\), e.g. backups/,
      );
    // Local media: the bucket holds only the backups.
    expect(parseEnv({ ...bucket, BACKUP_S3_PREFIX: "files" }).BACKUP_S3_PREFIX).toBe("files");
  });
});

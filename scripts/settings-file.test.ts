import { execFileSync } from "node:child_process";
import { chmodSync, chownSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { describeDatabaseUrl, embeddedRefusal, rootRefusal } from "./operator-settings";
import { parseEnv } from "../server/env";
import { projectRoot } from "../server/lib/paths";
import { loadSettingsFile, readSettingsFile, SettingsFileError } from "./settings-file.mjs";

const dir = mkdtempSync(path.join(os.tmpdir(), "wbt-settings-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const write = (name: string, text: string) => {
  const file = path.join(dir, name);
  writeFileSync(file, text);
  return file;
};

describe("the settings file of the operator's commands", () => {
  it("loads ENV_FILE, leaving the variables already set alone", () => {
    const file = write(
      "a.env",
      '# comment\nDATABASE_URL=postgres://u:pw@db.example:6543/site\nPORT=4000\nSITE_URL="https://x.example"\n',
    );
    const env: Record<string, string | undefined> = { ENV_FILE: file, PORT: "5000" };
    expect(loadSettingsFile(env, dir)).toEqual({ file, explicit: true });
    expect(env).toMatchObject({
      DATABASE_URL: "postgres://u:pw@db.example:6543/site",
      PORT: "5000",
      SITE_URL: "https://x.example",
    });
  });

  it("loads the app folder's .env when there is one, and nothing otherwise", () => {
    const folder = path.join(dir, "app");
    mkdirSync(folder);
    const none: Record<string, string | undefined> = {};
    expect(loadSettingsFile(none, folder)).toEqual({ file: undefined, explicit: false });
    expect(none).toEqual({});
    writeFileSync(path.join(folder, ".env"), "DATA_DIR=/srv/data\n");
    const env: Record<string, string | undefined> = {};
    expect(loadSettingsFile(env, folder)).toEqual({ file: path.join(folder, ".env"), explicit: false });
    expect(env.DATA_DIR).toBe("/srv/data");
  });

  it("stops with a message when ENV_FILE names no file", () => {
    expect(() => loadSettingsFile({ ENV_FILE: path.join(dir, "missing.env") }, dir)).toThrow(SettingsFileError);
    expect(() => loadSettingsFile({ ENV_FILE: path.join(dir, "missing.env") }, dir)).toThrow(/which does not exist/);
  });

  it("names a database without its password", () => {
    expect(describeDatabaseUrl("postgres://ri:s3cret@127.0.0.1:5432/ri_web_design")).toBe(
      "the database ri_web_design on 127.0.0.1:5432 as ri",
    );
    expect(describeDatabaseUrl("postgresql://db.example/site")).toBe("the database site on db.example:5432");
  });

  it("refuses the embedded database while the settings say the service runs on a DATABASE_URL", () => {
    const pgDir = path.join(dir, "data", "postgres");
    const service = write("service.env", "DATABASE_URL=postgres://ri:s3cret@127.0.0.1:5432/ri_web_design\n");
    const none = { file: undefined, explicit: false };
    const refusal = embeddedRefusal({ settings: none, pgDir, command: "restore", serviceFile: service });
    expect(refusal).toContain(`The service's settings (${service}) set DATABASE_URL, the database ri_web_design`);
    expect(refusal).toContain(`ENV_FILE=${service} npm run restore`);
    expect(refusal).not.toContain("s3cret");

    const noService = path.join(dir, "absent.env");
    expect(embeddedRefusal({ settings: none, pgDir, command: "restore", serviceFile: noService })).toBeUndefined();
    // An ENV_FILE without DATABASE_URL: refused while there is no embedded database yet.
    const named = { file: write("no-url.env", "DATA_DIR=/x\n"), explicit: true };
    expect(embeddedRefusal({ settings: named, pgDir, command: "restore", serviceFile: noService })).toContain(
      "(ENV_FILE) sets no DATABASE_URL, and there is no embedded database",
    );
    mkdirSync(path.join(pgDir, "cluster"), { recursive: true });
    writeFileSync(path.join(pgDir, "cluster", "PG_VERSION"), "18\n");
    expect(embeddedRefusal({ settings: named, pgDir, command: "restore", serviceFile: noService })).toBeUndefined();

    // A service settings file this user cannot read (as root every file is readable).
    if (process.getuid?.() !== 0) {
      chmodSync(service, 0o000);
      expect(embeddedRefusal({ settings: none, pgDir, command: "admin", serviceFile: service })).toContain(
        "This user cannot read",
      );
    }
  });

  it("refuses root over a data or backups folder that belongs to the service's user, and names the command to run", () => {
    const serviceData = path.join(dir, "service-data");
    mkdirSync(serviceData);
    // The service's user: here nobody's uid when the test runs as root, else this user's own.
    if (process.getuid?.() === 0) chownSync(serviceData, 65534, 65534);
    const owner = statSync(serviceData).uid;
    const name = execFileSync("id", ["-nu", String(owner)], { encoding: "utf8" }).trim();
    const settings = { file: "/etc/ri-web-design.env", explicit: true };
    const missing = path.join(serviceData, "backups", "not-made-yet");

    const refusal = rootRefusal({ folders: [missing], command: "backup", settings, uid: 0 });
    expect(refusal).toContain(`npm run backup is running as root, but ${missing} belongs to ${name}`);
    expect(refusal).toContain(`sudo -u ${name} -H env ENV_FILE=/etc/ri-web-design.env npm run backup`);
    // Not as root, or over root's own folders (a container running as root): nothing to refuse.
    expect(rootRefusal({ folders: [missing], command: "backup", settings, uid: owner + 1 })).toBeUndefined();
    expect(rootRefusal({ folders: ["/"], command: "restore", settings, uid: 0 })).toBeUndefined();
  });

  it("reads .env.example, copied to .env, as a configuration that works, its sender with its address", () => {
    const example = readSettingsFile(path.join(projectRoot, ".env.example"));
    const env = parseEnv(example);
    expect(env.MAIL_FROM).toBe(parseEnv({}).MAIL_FROM);
    expect(env.MAIL_FROM).toMatch(/^".+" <.+@.+>$/);
  });
});

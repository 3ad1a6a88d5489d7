import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { checkDeviceCookie, deviceCookieOptions, parseDeviceCookie, signDeviceCookie } from "./known-devices";

/** 17. The known-device cookie: what makes one count, and everything that does not. */
const secret = randomBytes(32);
const user = { id: 7, passwordHash: "scrypt$131072$8$1$c2FsdA$aGFzaA" };
const now = Date.UTC(2027, 0, 15);
const claims = { userId: 7, deviceId: randomBytes(16).toString("base64url"), expiresAt: now / 1000 + 86_400 };

const check = (value: string, who = user, at = now) => {
  const signed = parseDeviceCookie(value);
  return signed && checkDeviceCookie(secret, signed, who, at);
};

describe("17. the known-device cookie", () => {
  it("names the account and the device, and counts for that account and password until it expires", () => {
    const value = signDeviceCookie(secret, claims, user.passwordHash);
    expect(value.startsWith(`7.${claims.deviceId}.${claims.expiresAt}.`)).toBe(true);
    expect(check(value)).toEqual(claims);
    expect(check(value, user, claims.expiresAt * 1000)).toBeUndefined();
  });

  it("counts for nothing when forged, altered, for another account, after a new password or with another key", () => {
    const value = signDeviceCookie(secret, claims, user.passwordHash);
    const mac = value.split(".")[3]!;
    const flipped = `${value.slice(0, -mac.length)}${mac[0] === "A" ? "B" : "A"}${mac.slice(1)}`;
    expect(check(flipped)).toBeUndefined();
    expect(check(value.replace(/^7\./, "8."), { ...user, id: 8 })).toBeUndefined();
    expect(check(value.replace(`.${claims.expiresAt}.`, `.${claims.expiresAt + 86_400 * 365}.`))).toBeUndefined();
    expect(check(value, { ...user, id: 8 })).toBeUndefined();
    expect(check(value, { ...user, passwordHash: `${user.passwordHash}x` })).toBeUndefined();
    expect(checkDeviceCookie(randomBytes(32), parseDeviceCookie(value)!, user, now)).toBeUndefined();
  });

  it("reads nothing from values that are not its shape", () => {
    const value = signDeviceCookie(secret, claims, user.passwordHash);
    for (const bad of ["", "7", `${value}.x`, `x${value}`, value.replace(".", ".."), value.slice(0, -1), "1.2.3.4"])
      expect(parseDeviceCookie(bad), bad).toBeUndefined();
    expect(parseDeviceCookie(undefined)).toBeUndefined();
  });

  it("is HttpOnly, SameSite=Strict, for the sign-in calls only, kept a year, and Secure on an https site", () => {
    expect(deviceCookieOptions("https://riwebdesign.example")).toEqual({
      path: "/api/auth",
      httpOnly: true,
      secure: true,
      sameSite: "Strict",
      maxAge: 31_536_000,
    });
    expect(deviceCookieOptions("http://localhost:3000").secure).toBe(false);
  });
});

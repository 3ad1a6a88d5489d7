import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAdmin, findAdminForSignIn, resetAdminPassword } from "../../server/services/admin-accounts";
import {
  KNOWN_DEVICE_HASH_CONCURRENCY,
  knownDeviceHashGate,
  PASSWORD_HASH_QUEUE,
  passwordHashGate,
} from "../../server/services/hash-gate";
import {
  DEVICE_COOKIE,
  DEVICE_FAILURE_LIMIT,
  DEVICE_LIFETIME_S,
  issueDeviceCookie,
  rotateDeviceSecret,
} from "../../server/services/known-devices";
import { createTestServer } from "../support/app";

/**
 * 17. The owner signs in during a burst of strangers' attempts. A browser that signed in before
 * carries a signed known-device cookie; its next sign-in to that account has its password checked
 * in a lane of its own, not behind the strangers' hashes. The server runs as production composes
 * it, on a real port, and the client address comes from X-Forwarded-For behind one proxy
 * (TRUST_PROXY=1), so every attempt of the burst is from an address of its own. Which lane a
 * sign-in took is read from the process's two hash gates.
 */
let ctx: Awaited<ReturnType<typeof createTestServer>>;
let ipCounter = 0;
const freshIp = () => `10.17.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
const PASSWORD = "harbor-lights-2026";
const NEW_PASSWORD = "tide-pool-lantern-2027";
const BURST = 100;

beforeAll(async () => {
  ctx = await createTestServer({ env: { TRUST_PROXY: "1" } });
});
afterAll(async () => {
  await ctx?.close();
});

async function newAdmin() {
  const email = `owner.${Math.random().toString(36).slice(2)}@example.com`;
  const { user } = await createAdmin(ctx.db, { email, password: PASSWORD, name: "Tyler Brennan" });
  return { email, id: user.id };
}

const signIn = (body: { email: string; password?: string }, device?: string) =>
  fetch(`${ctx.origin}/api/auth/login`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      // A client-written entry on the left does not count: the proxy's entry (rightmost) does.
      "X-Forwarded-For": `203.0.113.9, ${freshIp()}`,
      ...(device ? { Cookie: `${DEVICE_COOKIE}=${device}` } : {}),
    },
    body: JSON.stringify(body),
  });

/** The known-device cookie a response sets: its value and its attributes. */
function deviceCookieOf(res: Response) {
  const line = res.headers.getSetCookie().find((c) => c.startsWith(`${DEVICE_COOKIE}=`));
  if (!line) return undefined;
  const [pair, ...attributes] = line.split(/;\s*/);
  return { value: pair!.slice(DEVICE_COOKIE.length + 1), attributes };
}

/** Signs in with the right password and returns the device cookie the browser now holds. */
async function knownDevice(email: string, device?: string, password = PASSWORD) {
  const res = await signIn({ email, password }, device);
  expect(res.status).toBe(200);
  await res.arrayBuffer();
  return deviceCookieOf(res)!.value;
}

const deviceIdOf = (value: string) => value.split(".")[1];

function resetGates() {
  passwordHashGate.resetPeaks();
  knownDeviceHashGate.resetPeaks();
}

/** Which lane checked the password of each sign-in since resetGates(). */
const lanes = () => ({ common: passwordHashGate.stats().admitted, ownLane: knownDeviceHashGate.stats().admitted });

/**
 * BURST wrong passwords to the account, each from an address of its own, all at once. Resolves
 * when the common lane's queue is full (past that the burst answers 503): the owner arrives then.
 */
async function startBurst(email: string) {
  let pending = BURST;
  const statuses = Array.from({ length: BURST }, (_, i) =>
    signIn({ email, password: `guess-${i}` }).then(async (res) => {
      await res.arrayBuffer();
      pending--;
      return res.status;
    }),
  );
  const deadline = Date.now() + 20_000;
  while (passwordHashGate.stats().queued < PASSWORD_HASH_QUEUE) {
    if (Date.now() > deadline) throw new Error(`the burst never filled the queue: ${JSON.stringify(lanes())}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return { pending: () => pending, done: Promise.all(statuses) };
}

describe("17. the owner's sign-in during a burst of strangers' attempts", () => {
  it("17. a successful sign-in sets the known-device cookie: HttpOnly, SameSite=Strict, for /api/auth, a year, naming the account", async () => {
    const { email, id } = await newAdmin();
    const res = await signIn({ email, password: PASSWORD });
    expect(res.status).toBe(200);
    const cookie = deviceCookieOf(res)!;
    expect(cookie.value.startsWith(`${id}.`)).toBe(true);
    expect(cookie.attributes).toEqual(
      expect.arrayContaining(["HttpOnly", "SameSite=Strict", "Path=/api/auth", `Max-Age=${DEVICE_LIFETIME_S}`]),
    );
    // The site is http here (SITE_URL): a Secure cookie would never come back.
    expect(cookie.attributes).not.toContain("Secure");
    const failed = await signIn({ email, password: "not-the-password" }, cookie.value);
    expect(failed.status).toBe(401);
    expect(deviceCookieOf(failed)).toBeUndefined();
  });

  it("17. the sign-in contract declares the cookie it reads and the Set-Cookie of its 200 answer", async () => {
    type Operation = {
      parameters?: { name: string; in: string; required?: boolean }[];
      responses: Record<string, { headers?: Record<string, { description?: string }> }>;
    };
    const doc = (await (await fetch(`${ctx.origin}/api/openapi.json`)).json()) as {
      paths: Record<string, Record<string, Operation>>;
    };
    const login = doc.paths["/api/auth/login"]!.post!;
    expect(login.parameters).toContainEqual(
      expect.objectContaining({ name: DEVICE_COOKIE, in: "cookie", required: false }),
    );
    expect(login.responses["200"]!.headers?.["Set-Cookie"]?.description).toContain(DEVICE_COOKIE);
  });

  it(`17. with its device cookie the owner gets in during a ${BURST}-address burst, in a lane of its own, ahead of the queued strangers`, async () => {
    const { email, id } = await newAdmin();
    const device = await knownDevice(email);
    resetGates();

    const burst = await startBurst(email);
    expect(passwordHashGate.stats().queued).toBe(PASSWORD_HASH_QUEUE);
    const res = await signIn({ email, password: PASSWORD }, device);
    const strangersStillWaiting = burst.pending();
    const commonWhenIn = passwordHashGate.stats();

    expect(res.status).toBe(200);
    const { token, user } = (await res.json()) as { token: string; user: { id: number } };
    expect(user.id).toBe(id);
    // The owner's check went to its own lane, and found it free: it waited for no one.
    expect(knownDeviceHashGate.stats()).toMatchObject({ admitted: 1, peakQueued: 0 });
    expect(knownDeviceHashGate.stats().peakActive).toBeLessThanOrEqual(KNOWN_DEVICE_HASH_CONCURRENCY);
    // Strangers queued before the owner arrived were still queued, unanswered, when the owner got in.
    expect(commonWhenIn.queued).toBeGreaterThan(0);
    expect(strangersStillWaiting).toBeGreaterThanOrEqual(commonWhenIn.queued);
    // Renewed: the same device, a year from this sign-in.
    const renewed = deviceCookieOf(res)!.value;
    expect(deviceIdOf(renewed)).toBe(deviceIdOf(device));
    expect(Number(renewed.split(".")[2])).toBeGreaterThanOrEqual(Number(device.split(".")[2]));

    const statuses = await burst.done;
    expect(statuses.every((s) => s === 401 || s === 503)).toBe(true);
    // None of the strangers took the owner's lane.
    expect(knownDeviceHashGate.stats().admitted).toBe(1);
    const me = await fetch(`${ctx.origin}/api/auth/me`, { headers: { Authorization: `Bearer ${token}` } });
    expect(me.status).toBe(200);
  }, 90_000);

  it("17. a forged, altered, expired or other account's cookie gives no lane of its own: the common lane checks the password", async () => {
    const owner = await newAdmin();
    const other = await newAdmin();
    const device = await knownDevice(owner.email);
    const otherDevice = await knownDevice(other.email);
    const mac = device.split(".")[3]!;
    const expired = await issueDeviceCookie(
      ctx.db,
      (await findAdminForSignIn(ctx.db, owner.email))!,
      deviceIdOf(device),
      Date.now() - (DEVICE_LIFETIME_S + 60) * 1000,
    );
    const cookies = {
      forged: `${owner.id}.${deviceIdOf(device)}.${device.split(".")[2]}.${mac[0] === "A" ? "B" : "A"}${mac.slice(1)}`,
      "renamed to another account": device.replace(/^\d+\./, `${other.id}.`),
      expired,
      "of another account": otherDevice,
      "not a cookie of ours": "garbage",
    };
    for (const [name, cookie] of Object.entries(cookies)) {
      resetGates();
      const wrong = await signIn({ email: owner.email, password: "not-the-password" }, cookie);
      expect(wrong.status, name).toBe(401);
      const right = await signIn({ email: owner.email, password: PASSWORD }, cookie);
      expect(right.status, name).toBe(200);
      expect(lanes(), name).toEqual({ common: 2, ownLane: 0 });
      // The browser gets a cookie of its own, for a new device.
      const issued = deviceCookieOf(right)!.value;
      expect(issued.startsWith(`${owner.id}.`), name).toBe(true);
      expect(deviceIdOf(issued), name).not.toBe(deviceIdOf(cookie));
    }
    // The real one still has its lane.
    resetGates();
    expect((await signIn({ email: owner.email, password: PASSWORD }, device)).status).toBe(200);
    expect(lanes()).toEqual({ common: 0, ownLane: 1 });
  }, 90_000);

  it(`17. the cookie alone lets no one in, and after ${DEVICE_FAILURE_LIMIT} failures its lane is closed until the right password`, async () => {
    const { email } = await newAdmin();
    const device = await knownDevice(email);
    resetGates();

    const noPassword = await signIn({ email }, device);
    expect(noPassword.status).toBe(400);
    expect(((await noPassword.json()) as { error: string }).error).toContain("Password is required");
    for (let i = 0; i < DEVICE_FAILURE_LIMIT; i++) {
      const res = await signIn({ email, password: `stolen-cookie-guess-${i}` }, device);
      expect(res.status).toBe(401);
      expect(deviceCookieOf(res)).toBeUndefined();
    }
    expect(lanes()).toEqual({ common: 0, ownLane: DEVICE_FAILURE_LIMIT });

    // Past the limit the device waits with everyone else, also with the right password...
    expect((await signIn({ email, password: "one-more-guess" }, device)).status).toBe(401);
    expect(lanes()).toEqual({ common: 1, ownLane: DEVICE_FAILURE_LIMIT });
    const renewed = await knownDevice(email, device);
    expect(lanes()).toEqual({ common: 2, ownLane: DEVICE_FAILURE_LIMIT });
    expect(deviceIdOf(renewed)).toBe(deviceIdOf(device));

    // ...which forgives the device's failures: its lane is open again.
    resetGates();
    await knownDevice(email, renewed);
    expect(lanes()).toEqual({ common: 0, ownLane: 1 });
  }, 90_000);

  it("17. a new password or a new server key makes every earlier cookie count for nothing", async () => {
    const { email } = await newAdmin();
    const before = await knownDevice(email);

    await resetAdminPassword(ctx.db, email, NEW_PASSWORD);
    resetGates();
    const afterReset = await knownDevice(email, before, NEW_PASSWORD);
    expect(lanes()).toEqual({ common: 1, ownLane: 0 });
    expect(deviceIdOf(afterReset)).not.toBe(deviceIdOf(before));

    resetGates();
    await knownDevice(email, afterReset, NEW_PASSWORD);
    expect(lanes()).toEqual({ common: 0, ownLane: 1 });

    await rotateDeviceSecret(ctx.db);
    resetGates();
    const afterRotation = await knownDevice(email, afterReset, NEW_PASSWORD);
    expect(lanes()).toEqual({ common: 1, ownLane: 0 });
    resetGates();
    await knownDevice(email, afterRotation, NEW_PASSWORD);
    expect(lanes()).toEqual({ common: 0, ownLane: 1 });
  }, 90_000);
});

import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";
import { passwordHashGate, type Gate } from "./hash-gate";

/**
 * Password hashing with scrypt (docs/product/architecture.md "Passwords": N=2^17,
 * r=8, p=1, a salt per user). Stored as `scrypt$N$r$p$salt$hash` so the parameters
 * can be raised later. Every derivation goes through a hash gate (the common one
 * unless the caller names another: a recognised device's sign-in has its own
 * lane): it waits its turn, or throws GateFullError when too many are already
 * waiting.
 */
const PARAMS = { N: 2 ** 17, r: 8, p: 1 } as const;
const KEY_LENGTH = 64;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

const derive = (password: string, salt: Buffer, options: ScryptOptions, length: number, gate = passwordHashGate) =>
  gate.run(
    () =>
      new Promise<Buffer>((resolve, reject) =>
        scrypt(password.normalize("NFKC"), salt, length, { ...options, maxmem: 256 * 1024 * 1024 }, (error, key) =>
          error ? reject(error) : resolve(key),
        ),
      ),
  );

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, PARAMS, KEY_LENGTH);
  return ["scrypt", PARAMS.N, PARAMS.r, PARAMS.p, salt.toString("base64url"), key.toString("base64url")].join("$");
}

export async function verifyPassword(
  password: string,
  stored: string,
  gate: Gate = passwordHashGate,
): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !salt || !hash) return false;
  const expected = Buffer.from(hash, "base64url");
  const key = await derive(
    password,
    Buffer.from(salt, "base64url"),
    { N: Number(n), r: Number(r), p: Number(p) },
    expected.length,
    gate,
  );
  return timingSafeEqual(key, expected);
}

/**
 * A stored hash that no password matches, so an unknown account costs the same
 * time (one derivation with the same parameters) as a known one. Random bytes
 * serve as well as a real hash and cost nothing to make.
 */
const decoy = [
  "scrypt",
  PARAMS.N,
  PARAMS.r,
  PARAMS.p,
  randomBytes(16).toString("base64url"),
  randomBytes(KEY_LENGTH).toString("base64url"),
].join("$");
export const decoyHash = () => decoy;

export const generatePassword = () => randomBytes(15).toString("base64url");

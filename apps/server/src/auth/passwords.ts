import { hash, verify, type Options } from "@node-rs/argon2";

/** Undefined: the library's defaults (argon2id, 19 MiB, 2 passes), which every stored password gets. */
let hashOptions: Options | undefined;

/**
 * For the server's test workers only (test/setup.ts): thousands of test users are made and signed in, and at the
 * defaults each hash and each check costs about 12 ms of a core. A hash carries its own parameters, so checks follow.
 */
export function lowerPasswordHashCostForTests(): void {
  hashOptions = { memoryCost: 1024, timeCost: 1, parallelism: 1 };
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, hashOptions);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** Spent when the e-mail is unknown, so a login's timing does not tell which e-mails exist. */
let dummyHash: Promise<string> | undefined;
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hash("not-a-real-password");
  await verifyPassword(await dummyHash, password);
}

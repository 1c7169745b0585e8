import { hash, verify } from '@node-rs/argon2';

/**
 * Argon2id with OWASP's minimum (19 MiB, 2 passes, 1 lane): memory-hard, so a stolen accounts
 * file costs an attacker memory per guess, not only time.
 */
const options = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => hash(password, options);

// Verified against when the email is unknown, so a login for a missing account takes as long as one for a real account.
let decoy: Promise<string> | undefined;

/** False for a wrong password, and (after the same work) for an unknown account. */
export async function passwordMatches(passwordHash: string | undefined, password: string): Promise<boolean> {
  decoy ??= hashPassword('decoy password, never matches an account');
  const matches = await verify(passwordHash ?? (await decoy), password).catch(() => false);
  return passwordHash !== undefined && matches;
}

/** 10 to 200 characters: long enough to resist guessing when the lockout is the only other guard. */
export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 200;

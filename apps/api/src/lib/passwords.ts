import argon2 from 'argon2';

/**
 * argon2id at the OWASP recommended floor of 19 MiB and 2 passes (one lane), which keeps a
 * sign-in well under 100 ms on a small server. See docs/security.md for the measured time.
 */
const OPTIONS = {
  type: argon2.argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, OPTIONS);
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Verifies against a throwaway hash so that an unknown e-mail costs the same time as a wrong
 * password and the answer reveals nothing about which accounts exist.
 */
export async function burnVerifyTime(password: string): Promise<void> {
  dummyHash ??= hashPassword('vahti-timing-equaliser');
  await verifyPassword(await dummyHash, password);
}

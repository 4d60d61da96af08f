import { hash, verify } from '@node-rs/argon2';

// OWASP: argon2id, m=19456 KiB, t=2, p=1. (2 is Algorithm.Argon2id; the enum is a const enum.)
const ARGON2ID = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, ARGON2ID);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** Spends the same time as a real check, so an unknown username cannot be told apart by timing. */
let dummyHash: Promise<string> | undefined;
export async function verifyNothing(password: string): Promise<void> {
  dummyHash ??= hashPassword('krapao-timing-equaliser');
  await verifyPassword(await dummyHash, password);
}

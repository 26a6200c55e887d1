import { type Algorithm, hash, verify } from '@node-rs/argon2';

// NOTE: Algorithm is an ambient const enum, unusable as a value under verbatimModuleSyntax; 2 is Argon2id.
const ARGON2ID = 2 as Algorithm.Argon2id;

/** argon2id with OWASP's minimum (19 MiB, 2 iterations, 1 lane). */
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) return false;
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * AES-256-GCM for bank details at rest (issue 14, ADR 0100). `BANK_KEY` is the key that seals; keys in
 * `BANK_KEYS_OLD` still open what they sealed, so a key can be rotated: set the new key, move the old one
 * to BANK_KEYS_OLD, and every account is sealed again under the new key when its owner saves it or when
 * `resealAll` runs. A key is 32 bytes, written as 64 hex digits or base64.
 */
export interface Sealed {
  secret: string;
  keyId: string;
}

export function parseKey(text: string): Buffer {
  const t = text.trim();
  const key = /^[0-9a-fA-F]{64}$/.test(t) ? Buffer.from(t, 'hex') : Buffer.from(t, 'base64');
  if (key.length !== 32) throw new Error('BANK_KEY must be 32 bytes (64 hex digits or base64)');
  return key;
}

/** A short public name of a key (not the key): which key sealed a row. */
export const keyIdOf = (key: Buffer) => createHash('sha256').update(key).digest('hex').slice(0, 12);

export class Sealer {
  private readonly current: { id: string; key: Buffer };
  private readonly keys = new Map<string, Buffer>();

  constructor(currentKey: string, oldKeys: string[] = []) {
    const key = parseKey(currentKey);
    this.current = { id: keyIdOf(key), key };
    this.keys.set(this.current.id, key);
    for (const old of oldKeys) {
      const k = parseKey(old);
      this.keys.set(keyIdOf(k), k);
    }
  }

  get currentKeyId(): string {
    return this.current.id;
  }

  seal(value: object): Sealed {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.current.key, iv);
    // The key id is bound as additional data: a row cannot be moved under another key's name.
    cipher.setAAD(Buffer.from(this.current.id));
    const data = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
    const secret = [iv, cipher.getAuthTag(), data].map((b) => b.toString('base64url')).join('.');
    return { secret, keyId: this.current.id };
  }

  open<T>(sealed: Sealed): T {
    const key = this.keys.get(sealed.keyId);
    if (!key) throw new Error(`no bank key ${sealed.keyId} (BANK_KEY / BANK_KEYS_OLD)`);
    const [iv, tag, data] = sealed.secret.split('.').map((p) => Buffer.from(p, 'base64url'));
    const decipher = createDecipheriv('aes-256-gcm', key, iv!);
    decipher.setAAD(Buffer.from(sealed.keyId));
    decipher.setAuthTag(tag!);
    return JSON.parse(Buffer.concat([decipher.update(data!), decipher.final()]).toString('utf8')) as T;
  }
}

/** What a sealed bank row holds. */
export interface AccountSecret {
  number: string;
  holder: string;
}

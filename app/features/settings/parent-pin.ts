/**
 * The parent PIN of Parental Controls (issue 20): 4 to 8 digits, kept only as a salted PBKDF2-SHA-256
 * hash in the settings (schema/settings.ts), with the browser's Web Crypto. It keeps a child from
 * changing the controls on their own; it is not a secret from someone who can read the device's
 * storage (a 4-digit PIN has 10,000 values), so it guards nothing else.
 */
import { msg } from '@lingui/core/macro';
import { PARENT_PIN_HASH_FORMAT } from '../../../schema';

export const PIN_PATTERN = /^\d{4,8}$/;
export const PIN_MESSAGES = {
  format: msg`The PIN is 4 to 8 digits.`,
  mismatch: msg`The two PINs are not the same.`,
  wrong: msg`That PIN is not right.`,
} as const;

const ITERATIONS = 100_000;

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (char) => char.charCodeAt(0));

async function derive(pin: string, salt: Uint8Array, iterations: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(pin), 'PBKDF2', false, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt: salt as BufferSource, iterations }, key, 256);
  return new Uint8Array(bits);
}

export async function hashPin(pin: string, salt: Uint8Array = crypto.getRandomValues(new Uint8Array(16))): Promise<string> {
  return `pbkdf2-sha256$${ITERATIONS}$${toBase64(salt)}$${toBase64(await derive(pin, salt, ITERATIONS))}`;
}

/** Whether a PIN matches a stored hash (false for a hash that does not parse). */
export async function verifyPin(pin: string, stored: string): Promise<boolean> {
  if (!PARENT_PIN_HASH_FORMAT.test(stored)) return false;
  const [, iterations = '', salt = '', hash = ''] = stored.split('$');
  const derived = await derive(pin, fromBase64(salt), Number(iterations));
  const expected = fromBase64(hash);
  // Compared in full every time (no early exit), though the hash is no secret here.
  let difference = derived.length ^ expected.length;
  for (let i = 0; i < Math.min(derived.length, expected.length); i++) difference |= derived[i]! ^ expected[i]!;
  return difference === 0;
}

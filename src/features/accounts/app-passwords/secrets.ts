import { createHash, randomInt } from 'node:crypto';

/** Letters and digits that survive an e-reader's on-screen keyboard: no 0/o, 1/l/i. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const GROUPS = 4;
const GROUP_LENGTH = 4;

/** A new app password, four groups of four (about 79 bits): `k7mq-x2pa-…`. Shown once. */
export function newAppPassword(): string {
  return Array.from({ length: GROUPS }, () => Array.from({ length: GROUP_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('')).join('-');
}

export const md5Hex = (text: string) => createHash('md5').update(text).digest('hex');
const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * What is stored: sha256 of the md5 hex of the password. KOReader's sync plugin sends only the md5
 * (its `x-auth-key`), Basic auth the password itself; both reduce to this one value. The passwords
 * are random and long, so a fast hash is enough (nothing to stretch), and every request of an
 * e-reader can afford to check one.
 */
export function keyHashOfPassword(password: string): string {
  return keyHashOfMd5(md5Hex(password));
}

export function keyHashOfMd5(md5: string): string {
  return sha256Hex(md5.toLowerCase());
}

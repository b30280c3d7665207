import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Logger } from './log.ts';

/**
 * AUTH_SECRET, or one generated on first start and kept in $DATA_DIR/auth-secret so that tokens
 * survive restarts. Several processes must share AUTH_SECRET explicitly.
 */
export function resolveAuthSecret(configured: string | null, dataDir: string, log: Logger): string {
  if (configured) return configured;
  const file = join(dataDir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret + '\n', { mode: 0o600, flag: 'wx' });
  log.warn('AUTH_SECRET is not set: generated one and kept it in the data directory', { file });
  return secret;
}

/** A separate key per purpose, so one leaked key does not forge another's signatures. */
export function deriveKey(secret: string, purpose: string): string {
  return createHmac('sha256', secret).update(`chapterhouse:${purpose}`).digest('base64url');
}

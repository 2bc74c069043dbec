import { createHmac, generateKeyPairSync } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { calculateJwkThumbprint, type JWK } from 'jose';

export type SigningKeys = {
  /** Private RS256 JWKs, each with kid, alg and use set. */
  jwks: JWK[];
  /** Secrets for signing the provider's cookies, derived from the first signing key. */
  cookieKeys: string[];
};

function generateRsaJwk(): JWK {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return privateKey.export({ format: 'jwk' }) as JWK;
}

async function normalise(jwk: JWK): Promise<JWK> {
  if (jwk.kty !== 'RSA' || typeof jwk.d !== 'string') {
    throw new Error('IdP signing keys must be private RSA JWKs (kty "RSA" with "d")');
  }
  return { ...jwk, alg: 'RS256', use: 'sig', kid: jwk.kid ?? (await calculateJwkThumbprint(jwk)) };
}

function isJwkSet(value: unknown): value is { keys: JWK[] } {
  return typeof value === 'object' && value !== null && Array.isArray((value as { keys?: unknown }).keys);
}

async function readKeyFile(file: string): Promise<JWK[] | null> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error(`IdP key file ${file} is not valid JSON; delete it to generate a new signing key`);
  }
  if (!isJwkSet(parsed) || parsed.keys.length === 0) {
    throw new Error(`IdP key file ${file} must be a JWK set ({"keys": [...]}); delete it to generate a new signing key`);
  }
  return parsed.keys;
}

async function writeKeyFile(file: string, keys: JWK[]): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  // Write then rename so a crash never leaves a half-written key file behind.
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, `${JSON.stringify({ keys }, null, 2)}\n`, { mode: 0o600 });
  await rename(temporary, file);
}

/**
 * Resolves the signing keys: the given ones, else the ones stored in keyFile, else a freshly generated key
 * (stored in keyFile when given, so access tokens and the API's JWKS cache stay valid across restarts).
 */
export async function loadSigningKeys(options: { keys?: JWK[]; keyFile?: string }): Promise<SigningKeys> {
  let keys = options.keys?.length ? options.keys : null;
  if (!keys && options.keyFile) keys = await readKeyFile(options.keyFile);
  if (!keys) {
    keys = [await normalise(generateRsaJwk())];
    if (options.keyFile) await writeKeyFile(options.keyFile, keys);
  }
  const jwks = await Promise.all(keys.map(normalise));
  const first = jwks[0];
  if (!first?.d) throw new Error('No IdP signing key available');
  // Derived rather than stored: sessions live in memory anyway, so cookie keys only need to be stable per key.
  const cookieKeys = [createHmac('sha256', first.d).update('astera-idp cookie signing').digest('base64url')];
  return { jwks, cookieKeys };
}

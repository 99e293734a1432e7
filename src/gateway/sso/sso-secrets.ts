import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';

/** Per-install SSO secrets, generated on first start and kept in the data folder (mode 0600). */
export interface SsoSecrets {
  /** Private JWKs signing ID tokens (RS256). */
  jwks: { keys: Array<Record<string, unknown>> };
  /** Keys signing the SSO cookies; the first signs, all verify (room for rotation). */
  cookieKeys: string[];
  /** Secret of the confidential library-service client (client credentials). */
  serviceSecret: string;
}

const FILE = 'sso-secrets.json';
export const TEST_SERVICE_SECRET = 'test-library-service-secret';

function generate(): SsoSecrets {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = privateKey.export({ format: 'jwk' }) as Record<string, unknown>;
  return {
    jwks: { keys: [{ ...jwk, kid: randomBytes(8).toString('hex'), use: 'sig', alg: 'RS256' }] },
    cookieKeys: [randomBytes(32).toString('base64url')],
    serviceSecret: randomBytes(32).toString('base64url'),
  };
}

export function loadSsoSecrets(dataDir: string, opts: { envServiceSecret?: string; testHooks?: boolean } = {}): SsoSecrets {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, FILE);
  let secrets: SsoSecrets;
  if (existsSync(file)) {
    secrets = JSON.parse(readFileSync(file, 'utf8')) as SsoSecrets;
  } else {
    secrets = generate();
    // wx: two processes starting at once must not overwrite each other's keys.
    try {
      writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600, flag: 'wx' });
    } catch {
      secrets = JSON.parse(readFileSync(file, 'utf8')) as SsoSecrets;
    }
  }
  const serviceSecret = opts.envServiceSecret || (opts.testHooks ? TEST_SERVICE_SECRET : secrets.serviceSecret);
  return { ...secrets, serviceSecret };
}

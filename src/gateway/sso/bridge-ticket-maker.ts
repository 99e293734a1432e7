import { generateKeyPairSync, randomUUID, sign, type KeyObject } from 'node:crypto';

/**
 * What a school platform does to hand a user over (sso/bridge-tickets.ts), for the integrators'
 * tool (`npm run bridge:ticket`) and the tests. A platform in another language does the same with
 * its JWT library: EdDSA over the header and claims below.
 */
export interface BridgeClaims { iss: string; aud: string; sub: string; iat?: number; exp?: number; jti?: string }

const part = (v: unknown) => Buffer.from(JSON.stringify(v), 'utf8').toString('base64url');

export function makeBridgeTicket(privateKey: KeyObject | string, claims: BridgeClaims, now = Math.floor(Date.now() / 1000)): string {
  const body = { iat: now, exp: now + 120, jti: randomUUID(), ...claims };
  const signed = `${part({ alg: 'EdDSA', typ: 'JWT' })}.${part(body)}`;
  return `${signed}.${sign(null, Buffer.from(signed, 'ascii'), privateKey).toString('base64url')}`;
}

export function newBridgeKeyPair(): { publicPem: string; privatePem: string } {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  return {
    publicPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    privatePem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  };
}

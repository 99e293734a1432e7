/**
 * For a school's integrator: makes an Ed25519 key pair, or a sign-in ticket and the hand-off
 * address a school platform would send its user to (README, "Sign-in from the school platform").
 *
 *   npm run bridge:ticket -- --new-key [--out platform]      writes platform.key (private) and platform.pub
 *   npm run bridge:ticket -- --key platform.key --iss bp-… --school SCHOOLCODE --account zhangsan
 *                            [--to /search/personal] [--base http://127.0.0.1:5180] [--ttl 120]
 */
import { createPrivateKey } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { makeBridgeTicket, newBridgeKeyPair } from '../src/gateway/sso/bridge-ticket-maker.ts';

const { values: a } = parseArgs({
  options: {
    'new-key': { type: 'boolean' }, out: { type: 'string', default: 'platform' }, key: { type: 'string' }, iss: { type: 'string' },
    school: { type: 'string' }, account: { type: 'string' }, to: { type: 'string' }, base: { type: 'string', default: 'http://127.0.0.1:5180' },
    ttl: { type: 'string', default: '120' },
  },
});

if (a['new-key']) {
  const { publicPem, privatePem } = newBridgeKeyPair();
  writeFileSync(`${a.out}.key`, privatePem, { mode: 0o600 });
  writeFileSync(`${a.out}.pub`, publicPem);
  console.log(`Private key (keep it on the platform): ${a.out}.key\nPublic key (paste it on /library/basic-info):\n\n${publicPem}`);
} else {
  if (!a.key || !a.iss || !a.school || !a.account) {
    console.error('Needs --key, --iss, --school and --account (or --new-key). See the comment at the top of scripts/bridge-ticket.ts.');
    process.exit(2);
  }
  const now = Math.floor(Date.now() / 1000);
  const ticket = makeBridgeTicket(createPrivateKey(readFileSync(a.key)), { iss: a.iss, aud: a.school, sub: a.account, exp: now + Number(a.ttl) }, now);
  const to = a.to ? `&to=${encodeURIComponent(a.to)}` : '';
  console.log(`${a.base.replace(/\/+$/, '')}/library/#/bridge?ticket=${ticket}${to}`);
}

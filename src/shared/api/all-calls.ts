import type { CallDef } from './contract.ts';
import { authCalls } from './auth.ts';
import { sessionCalls } from './session.ts';
import { homeCalls } from './home.ts';
import { jobCalls } from './jobs.ts';
import { translationCalls } from './translation.ts';

/**
 * Every gateway call of the contract, in one list: the gateway registers routes from it, the
 * contract test proves each is served, and spec:coverage counts it against endpoints.json.
 */
export const allCalls: readonly CallDef[] = [
  ...Object.values(authCalls),
  ...Object.values(sessionCalls),
  ...Object.values(homeCalls),
  ...Object.values(jobCalls),
  ...Object.values(translationCalls),
];

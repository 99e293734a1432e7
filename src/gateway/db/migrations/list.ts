import type { Migration } from '../migrate.ts';
import { migration as core } from './0001-core.ts';
import { migration as sso } from './0002-sso.ts';
import { migration as library } from './0003-library.ts';

/** Applied in this order; 0002 is the SSO module's. Never renumber an applied migration. */
export const migrations: readonly Migration[] = [
  core,
  sso,
  library,
];

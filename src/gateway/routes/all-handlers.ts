import type { AnyHandlerMap } from '../http/handler-types.ts';
import { authHandlers } from './auth-handlers.ts';
import { homeHandlers } from './home-handlers.ts';
import { jobsHandlers } from './jobs-handlers.ts';
import { sessionHandlers } from './session-handlers.ts';
import { translationHandlers } from './translation-handlers.ts';
import { ssoHandlers } from '../sso/sso-handlers.ts';

/** Every call handler by contract id: the gateway registers these, spec:coverage counts them. */
export const allHandlers: AnyHandlerMap = {
  ...authHandlers,
  ...sessionHandlers,
  ...homeHandlers,
  ...jobsHandlers,
  ...translationHandlers,
  ...ssoHandlers,
};

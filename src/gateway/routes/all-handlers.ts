import type { AnyHandlerMap } from '../http/handler-types.ts';
import { authHandlers } from './auth-handlers.ts';
import { homeHandlers } from './home-handlers.ts';
import { jobsHandlers } from './jobs-handlers.ts';
import { sessionHandlers } from './session-handlers.ts';
import { translationHandlers } from './translation-handlers.ts';
import { readersHandlers } from './readers-handlers.ts';
import { readerCardsHandlers } from './reader-cards-handlers.ts';
import { uploadHandlers } from './upload-handlers.ts';
import { basicSetsHandlers } from './basic-sets-handlers.ts';
import { shelvesHandlers } from './shelves-handlers.ts';
import { organizationHandlers } from './organization-handlers.ts';
import { borrowGroupsHandlers } from './borrow-groups-handlers.ts';
import { borrowAssignmentsHandlers } from './borrow-assignments-handlers.ts';
import { holidayHandlers } from './holiday-handlers.ts';
import { borrowLimitHandlers } from './borrow-limit-handlers.ts';
import { rolesHandlers } from './roles-handlers.ts';
import { permissionHandlers } from './permission-handlers.ts';
import { rolloverHandlers } from './rollover-handlers.ts';
import { ssoHandlers } from '../sso/sso-handlers.ts';

/** Every call handler by contract id: the gateway registers these, spec:coverage counts them. */
export const allHandlers: AnyHandlerMap = {
  ...authHandlers,
  ...sessionHandlers,
  ...homeHandlers,
  ...jobsHandlers,
  ...translationHandlers,
  ...readersHandlers,
  ...readerCardsHandlers,
  ...uploadHandlers,
  ...basicSetsHandlers,
  ...shelvesHandlers,
  ...organizationHandlers,
  ...borrowGroupsHandlers,
  ...borrowAssignmentsHandlers,
  ...holidayHandlers,
  ...borrowLimitHandlers,
  ...ssoHandlers,
  ...rolesHandlers,
  ...permissionHandlers,
  ...rolloverHandlers,
};

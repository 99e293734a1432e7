import { gateHandlers } from './gate/gate-handlers.ts';
import type { AnyHandlerMap } from './http/handler-types.ts';
import { authHandlers } from './auth/auth-handlers.ts';
import { homeHandlers } from './home/home-handlers.ts';
import { jobsHandlers } from './jobs/jobs-handlers.ts';
import { sessionHandlers } from './session/session-handlers.ts';
import { translationHandlers } from './translation/translation-handlers.ts';
import { readersHandlers } from './readers/readers-handlers.ts';
import { readerCardsHandlers } from './reader-cards/reader-cards-handlers.ts';
import { uploadHandlers } from './upload/upload-handlers.ts';
import { basicSetsHandlers } from './basic-sets/basic-sets-handlers.ts';
import { shelvesHandlers } from './basic-sets/shelves-handlers.ts';
import { floorPlanHandlers } from './basic-sets/floor-plan-handlers.ts';
import { organizationHandlers } from './organization/organization-handlers.ts';
import { borrowGroupsHandlers } from './borrow-rules/borrow-groups-handlers.ts';
import { borrowAssignmentsHandlers } from './borrow-rules/borrow-assignments-handlers.ts';
import { holidayHandlers } from './borrow-rules/holiday-handlers.ts';
import { borrowLimitHandlers } from './borrow-rules/borrow-limit-handlers.ts';
import { rolesHandlers } from './roles/roles-handlers.ts';
import { permissionHandlers } from './roles/permission-handlers.ts';
import { rolloverHandlers } from './rollover/rollover-handlers.ts';
import { catalogueHandlers } from './catalogue/catalogue-handlers.ts';
import { sequenceHandlers } from './catalogue/sequence-handlers.ts';
import { tagHandlers } from './catalogue/tag-handlers.ts';
import { preprintHandlers } from './catalogue/preprint-handlers.ts';
import { shelfHandlers } from './catalogue/shelf-handlers.ts';
import { captureHandlers } from './capture/capture-handlers.ts';
import { collectionHandlers } from './collection/collection-handlers.ts';
import { marcHandlers } from './marc/marc-handlers.ts';
import { allocationHandlers } from './allocation/allocation-handlers.ts';
import { bulkHandlers } from './collection/bulk-handlers.ts';
import { labelHandlers } from './collection/label-handlers.ts';
import { titleHandlers } from './collection/title-handlers.ts';
import { collectionShelfHandlers } from './collection/shelf-handlers.ts';
import { searchHandlers } from './search/search-handlers.ts';
import { ssoHandlers } from './sso/sso-handlers.ts';
import { acquisitionHandlers } from './acquisition/acquisition-handlers.ts';
import { circulationHandlers } from './circulation/circulation-handlers.ts';
import { circulationRecordHandlers } from './circulation/records-handlers.ts';
import { circulationVerifyHandlers } from './circulation/verify-handlers.ts';
import { circulationPasswordHandlers } from './circulation/passwords-handlers.ts';
import { circulationFamilyHandlers } from './circulation/family-handlers.ts';
import { classCornerHandlers } from './class-corner/class-corner-handlers.ts';
import { recallHandlers } from './circulation/recall-handlers.ts';
import { reviewHandlers } from './circulation/reviews-handlers.ts';
import { circulationBatchHandlers } from './circulation/batch-handlers.ts';
import { holdsHandlers } from './holds/holds-handlers.ts';
import { lossHandlers } from './loss/loss-handlers.ts';
import { recommendationHandlers } from './recommendations/recommendations-handlers.ts';
import { booklistHandlers } from './booklists/booklists-handlers.ts';
import { volunteersHandlers } from './volunteers/volunteers-handlers.ts';
import { signRecordsHandlers } from './sign-records/sign-records-handlers.ts';
import { stocktakingHandlers } from './stocktaking/stocktaking-handlers.ts';
import { searchAdminHandlers } from './search-admin/search-admin-handlers.ts';
import { operationLogHandlers } from './operation-log/operation-log-handlers.ts';
import { libraryInfoHandlers } from './library-info/library-info-handlers.ts';
import { connectHandlers } from './connect/connect-handlers.ts';
import { bridgeHandlers } from './connect/bridge-platform-handlers.ts';
import { oauthAppHandlers } from './connect/oauth-app-handlers.ts';
import { activityHandlers } from './activities/activities-handlers.ts';
import { chartsHandlers } from './charts/charts-handlers.ts';
import { statisticsHandlers } from './statistics/statistics-handlers.ts';
import { guideHandlers } from './guide/guide-handlers.ts';
import { readerAccountHandlers } from './reader-account/reader-account-handlers.ts';
import { ledgersHandlers } from './ledgers/ledgers-handlers.ts';
import { statisticalQueryHandlers } from './statistical-query/statistical-query-handlers.ts';

/** Every call handler by contract id: the gateway registers these, spec:coverage counts them. */
export const allHandlers: AnyHandlerMap = {
  ...catalogueHandlers,
  ...sequenceHandlers,
  ...preprintHandlers,
  ...tagHandlers,
  ...shelfHandlers,
  ...captureHandlers,
  ...collectionHandlers,
  ...marcHandlers,
  ...allocationHandlers,
  ...bulkHandlers,
  ...labelHandlers,
  ...titleHandlers,
  ...collectionShelfHandlers,
  ...searchHandlers,
  ...chartsHandlers,
  ...statisticsHandlers,
  ...guideHandlers,
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
  ...floorPlanHandlers,
  ...organizationHandlers,
  ...circulationVerifyHandlers,
  ...circulationPasswordHandlers,
  ...circulationFamilyHandlers,
  ...borrowGroupsHandlers,
  ...classCornerHandlers,
  ...borrowAssignmentsHandlers,
  ...holidayHandlers,
  ...recallHandlers,
  ...reviewHandlers,
  ...borrowLimitHandlers,
  ...circulationBatchHandlers,
  ...ssoHandlers,
  ...rolesHandlers,
  ...permissionHandlers,
  ...rolloverHandlers,
  ...acquisitionHandlers,
  ...circulationHandlers,
  ...circulationRecordHandlers,
  ...holdsHandlers,
  ...lossHandlers,
  ...recommendationHandlers,
  ...booklistHandlers,
  ...volunteersHandlers,
  ...signRecordsHandlers,
  ...stocktakingHandlers,
  ...searchAdminHandlers,
  ...operationLogHandlers,
  ...libraryInfoHandlers,
  ...connectHandlers,
  ...bridgeHandlers,
  ...oauthAppHandlers,
  ...activityHandlers,
  ...readerAccountHandlers,
  ...ledgersHandlers,
  ...statisticalQueryHandlers,
  ...gateHandlers,
};

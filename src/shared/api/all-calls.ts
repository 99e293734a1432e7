import { gateCalls } from './gate.ts';
import type { CallDef } from './contract.ts';
import { authCalls } from './auth.ts';
import { sessionCalls } from './session.ts';
import { homeCalls } from './home.ts';
import { jobCalls } from './jobs.ts';
import { translationCalls } from './translation.ts';
import { readerCalls } from './readers.ts';
import { readerCardCalls } from './reader-cards.ts';
import { uploadCalls } from './upload.ts';
import { organizationCalls } from './organization.ts';
import { borrowRulesCalls } from './borrow-rules.ts';
import { basicSetsCalls } from './basic-sets.ts';
import { roleCalls } from './roles.ts';
import { rolloverCalls } from './rollover.ts';
import { acquisitionCalls } from './acquisition.ts';
import { catalogueCalls } from './catalogue.ts';
import { captureCalls } from './capture.ts';
import { bulkCalls, collectionCalls, labelCalls, shelfCalls, titleCalls } from './collection.ts';
import { marcCalls } from './marc.ts';
import { allocationCalls } from './allocation.ts';
import { searchCalls } from './search.ts';
import { circulationCalls } from './circulation.ts';
import { circulationRecordCalls } from './circulation-records.ts';
import { circulationVerifyCalls } from './circulation-verify.ts';
import { circulationPasswordCalls } from './circulation-passwords.ts';
import { circulationFamilyCalls } from './circulation-family.ts';
import { classCornerCalls } from './class-corner.ts';
import { recallCalls } from './circulation-recall.ts';
import { reviewCalls } from './circulation-reviews.ts';
import { circulationBatchCalls } from './circulation-batch.ts';
import { holdCalls } from './holds.ts';
import { lossCalls } from './loss.ts';
import { recommendationCalls } from './recommendations.ts';
import { booklistCalls } from './booklists.ts';
import { volunteerCalls } from './volunteers.ts';
import { signRecordCalls } from './sign-records.ts';
import { stocktakingCalls } from './stocktaking.ts';
import { searchAdminCalls } from './search-admin.ts';
import { readerAccountCalls } from './reader-account.ts';
import { operationLogCalls } from './operation-log.ts';
import { libraryInfoCalls } from './library-info.ts';
import { bridgeCalls, connectCalls, oauthAppCalls } from './connect.ts';
import { activityCalls } from './activities.ts';
import { chartsCalls } from './charts.ts';
import { statisticsCalls } from './statistics.ts';
import { guideCalls } from './guide.ts';
import { ledgerCalls } from './ledgers.ts';
import { statisticalQueryCalls } from './statistical-query.ts';

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
  ...Object.values(readerCalls),
  ...Object.values(readerCardCalls),
  ...Object.values(uploadCalls),
  ...Object.values(organizationCalls),
  ...Object.values(borrowRulesCalls),
  ...Object.values(basicSetsCalls),
  ...Object.values(roleCalls),
  ...Object.values(rolloverCalls),
  ...Object.values(acquisitionCalls),
  ...Object.values(circulationVerifyCalls),
  ...Object.values(circulationPasswordCalls),
  ...Object.values(circulationFamilyCalls),
  ...Object.values(catalogueCalls),
  ...Object.values(classCornerCalls),
  ...Object.values(captureCalls),
  ...Object.values(collectionCalls),
  ...Object.values(recallCalls),
  ...Object.values(reviewCalls),
  ...Object.values(bulkCalls),
  ...Object.values(circulationBatchCalls),
  ...Object.values(labelCalls),
  ...Object.values(titleCalls),
  ...Object.values(shelfCalls),
  ...Object.values(marcCalls),
  ...Object.values(allocationCalls),
  ...Object.values(circulationCalls),
  ...Object.values(circulationRecordCalls),
  ...Object.values(holdCalls),
  ...Object.values(searchCalls),
  ...Object.values(chartsCalls),
  ...Object.values(statisticsCalls),
  ...Object.values(guideCalls),
  ...Object.values(lossCalls),
  ...Object.values(recommendationCalls),
  ...Object.values(booklistCalls),
  ...Object.values(volunteerCalls),
  ...Object.values(signRecordCalls),
  ...Object.values(stocktakingCalls),
  ...Object.values(searchAdminCalls),
  ...Object.values(readerAccountCalls),
  ...Object.values(operationLogCalls),
  ...Object.values(libraryInfoCalls),
  ...Object.values(connectCalls),
  ...Object.values(bridgeCalls),
  ...Object.values(oauthAppCalls),
  ...Object.values(activityCalls),
  ...Object.values(ledgerCalls),
  ...Object.values(gateCalls),
  ...Object.values(statisticalQueryCalls),
];

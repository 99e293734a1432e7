import type { Migration } from '../migrate.ts';
import { migration as core } from './0001-core.ts';
import { migration as sso } from './0002-sso.ts';
import { migration as library } from './0003-library.ts';
import { migration as basicSets } from './0004-basic-sets.ts';
import { migration as organization } from './0005-organization.ts';
import { migration as readers } from './0006-readers.ts';
import { migration as roles } from './0007-roles.ts';
import { migration as borrowRules } from './0008-borrow-rules.ts';
import { migration as publicNotices } from './0009-public-notices.ts';
import { migration as downloadTickets } from './0010-download-tickets.ts';
import { migration as catalogue } from './0011-catalogue.ts';
import { migration as catalogueSearch } from './0012-catalogue-search.ts';
import { migration as titleTerms } from './0013-title-terms.ts';
import { migration as barcodePreprints } from './0014-barcode-preprints.ts';
import { migration as unusedTitleIndexes } from './0015-unused-title-indexes.ts';
import { migration as circulation } from './0016-circulation.ts';
import { migration as loss } from './0017-loss.ts';
import { migration as classCorner } from './0018-class-corner.ts';
import { migration as recommendations } from './0020-recommendations.ts';
import { migration as booklists } from './0021-booklists.ts';
import { migration as volunteers } from './0022-volunteers.ts';
import { migration as signRecords } from './0023-sign-records.ts';
import { migration as searchAdmin } from './0024-search-admin.ts';
import { migration as borrowVerify } from './0025-borrow-verify.ts';
import { migration as holds } from './0026-holds.ts';
import { migration as recallNotices } from './0029-recall-notices.ts';
import { migration as bookReviews } from './0030-book-reviews.ts';
import { migration as operationLog } from './0031-operation-log.ts';
import { migration as publicSearch } from './0032-public-search.ts';
import { migration as activities } from './0034-activities.ts';
import { migration as kioskGuide } from './0035-kiosk-guide.ts';
import { migration as libraryInfo } from './0036-library-info.ts';
import { migration as stocktaking } from './0039-stocktaking.ts';
import { migration as searchResourceType } from './0037-search-resource-type.ts';
import { migration as ledgers } from './0038-ledgers.ts';
import { migration as gate } from './0040-gate.ts';
import { migration as statistics } from './0041-statistics.ts';
import { migration as reportIndexes } from './0042-report-indexes.ts';
import { migration as statisticalQuery } from './0043-statistical-query.ts';
import { migration as bridgePlatforms } from './0044-bridge-platforms.ts';
import { migration as oauthApps } from './0045-oauth-apps.ts';
import { migration as ledgerLines } from './0046-ledger-lines.ts';
import { migration as schoolBooksPerStudent } from './0047-school-books-per-student.ts';
import { migration as titleTermsNoKeys } from './0048-title-terms-no-keys.ts';
import { migration as titleTermSets } from './0049-title-term-sets.ts';
import { migration as ledgerBranchSets } from './0050-ledger-branch-sets.ts';
import { migration as oneMarcImport } from './0051-one-marc-import.ts';

/** Applied in this order; 0002 is the SSO module's. Never renumber an applied migration. */
export const migrations: readonly Migration[] = [
  core,
  sso,
  library,
  basicSets,
  organization,
  readers,
  roles,
  borrowRules,
  publicNotices,
  downloadTickets,
  catalogue,
  catalogueSearch,
  titleTerms,
  barcodePreprints,
  unusedTitleIndexes,
  circulation,
  loss,
  classCorner,
  recommendations,
  booklists,
  volunteers,
  signRecords,
  searchAdmin,
  borrowVerify,
  holds,
  recallNotices,
  bookReviews,
  operationLog,
  publicSearch,
  activities,
  kioskGuide,
  libraryInfo,
  searchResourceType,
  ledgers,
  stocktaking,
  gate,
  statistics,
  reportIndexes,
  statisticalQuery,
  bridgePlatforms,
  oauthApps,
  ledgerLines,
  schoolBooksPerStudent,
  titleTermsNoKeys,
  titleTermSets,
  ledgerBranchSets,
  oneMarcImport,
];

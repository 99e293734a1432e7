import { readerCalls } from './readers.ts';
import { shelfCalls } from './collection.ts';
import { circulationRecordCalls } from './circulation-records.ts';
import { circulationFamilyCalls } from './circulation-family.ts';
import { circulationPasswordCalls } from './circulation-passwords.ts';
import { volunteerCalls } from './volunteers.ts';
import { signRecordCalls } from './sign-records.ts';
import { STATISTICS_MENUS } from './statistics.ts';

/**
 * The permission a user must still hold to download the file of a job, by the job's
 * OperationType: an export of personal data stops being downloadable when the role that allowed
 * it is taken away. A job kind not listed here is downloadable by its owner alone.
 */
const DOWNLOAD_PERMISSION: Readonly<Record<string, string | undefined>> = {
  ExportReaders: readerCalls.exportReaders.perm,
  ExportKinLoans: circulationFamilyCalls.exportKin.perm,
  ResetPasswords: circulationPasswordCalls.resetPasswords.perm,
  SetBorrowPins: circulationPasswordCalls.setPins.perm,
  ExportCollection: shelfCalls.exportCollection.perm,
  ExportCircRecords: circulationRecordCalls.exportTransactions.perm,
  ExportVolunteerHours: volunteerCalls.exportHours.perm,
  ExportSignRecords: signRecordCalls.export.perm,
  // The list of readers who borrowed nothing names readers: it needs its menu still.
  'ExportStatistics-zeroPerson': STATISTICS_MENUS.zeroPerson,
};

export function downloadPermissionOf(operationType: string): string | undefined {
  return DOWNLOAD_PERMISSION[operationType];
}

import { z } from 'zod';
import { defineCall, LIB } from './contract.ts';
import { intField, text, tokenField } from '../domain/fields.ts';
import { MAX_PAGE, pageOf } from './paging.ts';
import { DEFAULT_PAGE_SIZE } from '../domain/ui-constants.ts';

/** Job states: 1 running, 2 done, 3 failed, 4 stopped. The task list shows State 1 by default. */
export const JobState = { running: 1, done: 2, failed: 3, stopped: 4 } as const;

export const jobSchema = z.object({
  ID: z.number().int(),
  DataID: z.string(),
  FileName: z.string(),
  OperationType: z.string(),
  Progress: z.number().int(),
  DataCount: z.number().int(),
  State: z.number().int(),
  /**
   * Non-empty once the file exists (the file's name), else empty. Not an address: a download
   * needs a single-use ticket from Download/GetTicket (README "Downloads").
   */
  ResultFile: z.string(),
  Message: z.string(),
  CreateTime: z.string(),
});
export type Job = z.infer<typeof jobSchema>;

export const jobCalls = {
  getProgress: defineCall({
    id: 'jobs.getProgress', method: 'POST', path: `${LIB}/Config/GetProgress`, auth: 'user', spec: true,
    input: z.object({ DataID: tokenField(64) }), data: jobSchema,
  }),
  stopProgress: defineCall({
    id: 'jobs.stopProgress', method: 'POST', path: `${LIB}/Config/StopProgress`, auth: 'user', spec: true,
    input: z.object({ DataID: tokenField(64) }), data: jobSchema,
  }),
  getProgressList: defineCall({
    id: 'jobs.getProgressList', method: 'POST', path: `${LIB}/Config/GetProgressList`, auth: 'user', spec: true,
    input: z.object({
      Page: intField(1, MAX_PAGE).default(1),
      Rows: intField(1, 100).default(DEFAULT_PAGE_SIZE),
      SearchKey: text({ max: 200 }).optional(),
      OperationType: tokenField(64).optional(),
      /** Omitted or 0: every state. */
      State: z.number().int().min(0).max(4).optional(),
    }),
    data: pageOf(jobSchema),
  }),
  /**
   * A single-use, short-lived address for the file of a finished job of the caller's own (see
   * README "Downloads"): 403 for another school's or user's job, or when the caller no longer
   * holds the permission of the export; 404 when there is no such job or file; 409 while running.
   * The reply also sets a browser-binding cookie the file request must carry.
   */
  getTicket: defineCall({
    id: 'jobs.getTicket', method: 'POST', path: `${LIB}/Download/GetTicket`, auth: 'user', spec: false,
    input: z.object({ DataID: tokenField(64) }),
    data: z.object({ Url: z.string(), ExpiresIn: z.number().int() }),
  }),
  /**
   * Raw file download against a ticket of GetTicket, once: 401 without a valid, unused, unexpired
   * ticket; 403 from another browser, user or school; 404 when the file is gone.
   */
  downloadFile: defineCall({
    id: 'jobs.downloadFile', method: 'GET', path: `${LIB}/Download/GetFile`, auth: 'optional', spec: false, raw: true,
    input: z.object({ Ticket: tokenField(128).optional() }),
    data: z.unknown(),
  }),
} as const;

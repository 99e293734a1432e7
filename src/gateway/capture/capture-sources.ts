import { z } from 'zod';
import { CAPTURE_SOURCES, sourceSettingsInput, type CaptureSourceId, type SourceSettings } from '../../shared/api/capture.ts';
import { readSetting, writeSetting } from '../db/school-settings.ts';
import type { Kysely } from 'kysely';
import type { Db } from '../catalogue/catalogue-store.ts';
import type { Database } from '../db/schema.ts';
import { writeTx } from '../db/connect.ts';

/**
 * The school's capture sources, one JSON document in school_settings. Keys are stored as given and
 * never sent back (the screens see HasApiKey). A source is configured when it is enabled and has an
 * address; the union catalogue needs neither (it is the gateway itself).
 */
const KEY = 'capture-sources';
const stored = sourceSettingsInput.omit({ ClearApiKey: true });
export type StoredSource = z.infer<typeof stored>;
const storeSchema = z.record(z.string(), stored);

export const DEFAULT_TIMEOUT_MS = 5000;

export function defaultSource(id: CaptureSourceId): StoredSource {
  return {
    ID: id, Enabled: id === 'union', URL: '', ApiKey: '', TimeoutMs: DEFAULT_TIMEOUT_MS,
    ...(id === 'sru' ? { Database: '', RecordSchema: 'marcxml' as const, IsbnIndex: 'isbn' } : {}),
  };
}

export async function readSources(db: Db, schoolId: number): Promise<Record<string, StoredSource>> {
  return readSetting(db, schoolId, KEY, storeSchema, {});
}

export async function sourceOf(db: Db, schoolId: number, id: CaptureSourceId): Promise<StoredSource> {
  return (await readSources(db, schoolId))[id] ?? defaultSource(id);
}

export function isConfigured(s: StoredSource): boolean {
  return s.Enabled && (s.ID === 'union' || s.URL !== '');
}

export function publicView(s: StoredSource): SourceSettings {
  const { ApiKey, ...rest } = s;
  const kind = CAPTURE_SOURCES.find((c) => c.id === s.ID)?.kind ?? 'json';
  return { ...rest, Kind: kind, Configured: isConfigured(s), HasApiKey: ApiKey !== '' };
}

export async function saveSource(db: Kysely<Database>, schoolId: number, input: z.infer<typeof sourceSettingsInput>): Promise<StoredSource> {
  // All sources are one document: read and write it in one transaction (serializable, retried, on
  // PostgreSQL), or two sources saved at once would each write back the other's old settings.
  return writeTx(db, async (trx) => {
    const all = await readSources(trx, schoolId);
    const before = all[input.ID] ?? defaultSource(input.ID);
    const { ClearApiKey, ...rest } = input;
    // A blank key keeps the stored one: the form never shows it, so it cannot send it back.
    const next: StoredSource = { ...rest, ApiKey: ClearApiKey ? '' : input.ApiKey || before.ApiKey };
    all[input.ID] = next;
    await writeSetting(trx, schoolId, KEY, all);
    return next;
  });
}

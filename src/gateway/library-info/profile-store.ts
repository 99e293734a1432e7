import type { Kysely } from 'kysely';
import type { LibraryPicture, LibraryProfile, OpeningDay, ProfileInput } from '../../shared/api/library-info.ts';
import type { Database } from '../db/schema.ts';
import { photoUrl } from '../readers/photo-store.ts';
import { demoPictureUrl } from './demo-pictures.ts';

type Db = Kysely<Database>;

/** What a school that never saved its hours shows: Monday–Friday 08:00–17:00, closed at weekends. */
export function defaultHours(): OpeningDay[] {
  return [0, 1, 2, 3, 4, 5, 6].map((Day) => ({ Day, Closed: Day === 0 || Day === 6, Open: '08:00', Close: '17:00' }));
}

function parseHours(json: string | undefined): OpeningDay[] {
  if (!json) return defaultHours();
  try {
    const days = JSON.parse(json) as OpeningDay[];
    return Array.isArray(days) && days.length === 7 ? [...days].sort((a, b) => a.Day - b.Day) : defaultHours();
  } catch {
    return defaultHours();
  }
}

type PictureRow = { id: number; file_id: string; caption: string; en_caption: string; sort: number };
export function pictureOf(dataDir: string, schoolId: number, r: PictureRow): LibraryPicture {
  const Url = r.file_id.startsWith('demo:') ? demoPictureUrl(r.file_id.slice(5)) : photoUrl(dataDir, schoolId, r.file_id);
  return { ID: r.id, Url, Caption: r.caption, EnCaption: r.en_caption, Sort: r.sort };
}

export async function picturesOf(db: Db, dataDir: string, schoolId: number): Promise<LibraryPicture[]> {
  const rows = await db.selectFrom('library_pictures').select(['id', 'file_id', 'caption', 'en_caption', 'sort'])
    .where('school_id', '=', schoolId).orderBy('sort').orderBy('id').execute();
  return rows.map((r) => pictureOf(dataDir, schoolId, r));
}

export async function profileOf(db: Db, dataDir: string, schoolId: number): Promise<LibraryProfile | null> {
  const [school, p, Pictures] = await Promise.all([
    db.selectFrom('schools').select(['name', 'en_name', 'address']).where('id', '=', schoolId).executeTakeFirst(),
    db.selectFrom('library_profiles').selectAll().where('school_id', '=', schoolId).executeTakeFirst(),
    picturesOf(db, dataDir, schoolId),
  ]);
  if (!school) return null;
  return {
    SchoolName: school.name, SchoolEnName: school.en_name, Address: school.address,
    Intro: p?.intro ?? '', EnIntro: p?.en_intro ?? '', Rules: p?.rules ?? '', EnRules: p?.en_rules ?? '',
    Phone: p?.phone ?? '', Email: p?.email ?? '', Hours: parseHours(p?.hours),
    HoursNote: p?.hours_note ?? '', EnHoursNote: p?.en_hours_note ?? '', Pictures, UpdatedAt: p?.updated_at ?? null,
  };
}

export async function saveProfile(db: Db, schoolId: number, input: ProfileInput & { Hours: OpeningDay[] }): Promise<void> {
  const row = {
    intro: input.Intro ?? '', en_intro: input.EnIntro ?? '', rules: input.Rules ?? '', en_rules: input.EnRules ?? '',
    phone: input.Phone ?? '', email: input.Email ?? '', hours: JSON.stringify([...input.Hours].sort((a, b) => a.Day - b.Day)),
    hours_note: input.HoursNote ?? '', en_hours_note: input.EnHoursNote ?? '', updated_at: new Date().toISOString(),
  };
  await db.insertInto('library_profiles').values({ school_id: schoolId, ...row })
    .onConflict((oc) => oc.column('school_id').doUpdateSet(row)).execute();
}

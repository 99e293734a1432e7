import type { Generated } from 'kysely';

/** Tables of the library's own public pages (migration 0036). */

export interface LibraryProfilesTable {
  school_id: number;
  intro: Generated<string>;
  en_intro: Generated<string>;
  rules: Generated<string>;
  en_rules: Generated<string>;
  phone: Generated<string>;
  email: Generated<string>;
  /** JSON array of 7 {Day, Closed, Open, Close}, Sunday first. */
  hours: string;
  hours_note: Generated<string>;
  en_hours_note: Generated<string>;
  updated_at: string;
}

export interface LibraryPicturesTable {
  id: Generated<number>;
  school_id: number;
  /** An image id of the upload store (<uuid>.jpg|png), or demo:<name> for the seed's drawings. */
  file_id: string;
  caption: Generated<string>;
  en_caption: Generated<string>;
  sort: Generated<number>;
  created_at: string;
}

export interface NetworkResourcesTable {
  id: Generated<number>;
  school_id: number;
  name: string;
  en_name: Generated<string>;
  url: string;
  description: Generated<string>;
  category: string;
  sort: Generated<number>;
  updated_at: string;
}

export interface NewbookAnnouncementsTable {
  id: Generated<number>;
  school_id: number;
  title: string;
  intro: Generated<string>;
  source: 'batch' | 'dates';
  batch_id: number | null;
  date_from: string | null;
  date_to: string | null;
  /** null = a draft readers do not see. */
  published_at: string | null;
  created_by: number | null;
  updated_at: string;
}

export interface NewbookAnnouncementTitlesTable {
  announcement_id: number;
  title_id: number;
  sort: number;
}

import type { ComponentType } from 'react';

export type ScreenArea = 'admin' | 'portal' | 'guide' | 'public' | 'errors';
export type ScreenStatus = 'built' | 'planned';

/** What every screen component receives from the router. */
export interface ScreenProps {
  entry: ScreenEntry;
}

export type ScreenModule = { default: ComponentType<ScreenProps> };

/** One route of shared/spec/routes.json, with how to show it. */
export interface ScreenEntry {
  /** Verbatim from routes.json (case kept: /resource-mana/basic-Set/resource-type). */
  path: string;
  area: ScreenArea;
  group: string;
  /** false: opens without a session (spec's no-login list, portal, guide, /404). */
  login: boolean;
  /** i18n key of the title: screens:titles.<path> (falls back to the path). */
  titleKey: string;
  /** Extra permission beyond the menu check (operations key), if any. */
  perm?: string;
  status: ScreenStatus;
  load: () => Promise<ScreenModule>;
}

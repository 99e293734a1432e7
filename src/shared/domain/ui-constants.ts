/** Business constants of the spec (section 9), one place for client and server. */
export const DEFAULT_PAGE_SIZE = 20;
export const PAGE_SIZES = [5, 10, 20, 30, 40] as const;
export const PAGER_COUNT = 5;
export const TASK_LIST_PAGE_SIZE = 5;
export const TASK_LIST_STATE = 1;
export const PROGRESS_POLL_MS = 1000;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const TOAST_MS = 2000;
export const PRINT_LIMIT = 5000;
/** Home shortcuts a user may keep (the picker and AddHomeShortcuts stop there). */
export const MAX_SHORTCUTS = 24;
export const MOBILE_MIN_HEIGHT_PX = 1200;
export const LANGUAGES = ['zh-CN', 'en-US'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh-CN';

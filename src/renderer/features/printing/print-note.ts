import type { TFunction } from 'i18next';
import { errorText } from '../../kit/data/error-text.ts';

/**
 * What a print action says, kept as a message key (or the error) rather than as text, so it
 * follows a language switch while it is on screen.
 */
export type Note = { severity: 'success' | 'error' | 'info' | 'warning'; key: string; params?: Record<string, unknown> } | { severity: 'error'; error: unknown };

export const errorNote = (error: unknown): Note => ({ severity: 'error', error });

export const noteText = (t: TFunction, n: Note): string => ('error' in n ? errorText(t, n.error) : t(n.key, n.params ?? {}));

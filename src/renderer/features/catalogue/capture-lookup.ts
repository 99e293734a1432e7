import { captureCalls, type CaptureItem } from '../../../shared/api/capture.ts';
import { call } from '../../lib/api-client.ts';
import { isApiError } from '../../lib/api-error.ts';

/**
 * Asks the school's configured sources (Capture/AnySource: SRU, the union catalogue, vendors) for
 * an ISBN the school does not hold. Never throws: a source that is down, or none configured, is a
 * message beside an empty form, not a stop of the cataloguer's work.
 */
export async function captureDraft(isbn: string): Promise<{ item?: CaptureItem; message?: string }> {
  try {
    const r = await call(captureCalls.any, { ISBN: isbn }, { toast: false });
    return r.Found && r.Item ? { item: r.Item } : { message: r.Message };
  } catch (e) {
    return { message: isApiError(e) && !e.isKey ? e.message : undefined };
  }
}

/** The captured record as the save's Item fields (what the form does not show is saved as found). */
export function captureToInput(c: CaptureItem) {
  return {
    ParallelTitle: c.ParallelTitle, Place: c.Place, DeweyNo: /^(\d{3}(\.\d+)?)?$/.test(c.DeweyNo) ? c.DeweyNo : '',
    ...(c.Language ? { Language: c.Language } : {}), Summary: c.Summary, Subjects: c.Subjects, Series: c.Series, Edition: c.Edition, Extent: c.Extent,
  };
}

/** The quick form's fields from a captured record. */
export function draftFromCapture(c: CaptureItem) {
  return {
    Title: c.Title, Author: c.Author, Publisher: c.Publisher, PubYear: c.PubYear == null ? '' : String(c.PubYear),
    Price: c.Price ? String(c.Price) : '', ClassNo: c.ClassNo,
  };
}

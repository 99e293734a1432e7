import { apiUrl } from '../../lib/api-client.ts';

/** The card's photo limit (label-template.ts allows 400,000 base64 characters). */
const MAX_BYTES = 290_000;

/**
 * A reader's photo for the card, from its signed address: JPEG or PNG bytes as base64, or null
 * when it cannot be fetched, is of another type or is too large (the card is printed without it).
 */
export async function readerPhoto(url: string): Promise<{ type: 'jpg' | 'png'; base64: string } | null> {
  try {
    const res = await fetch(apiUrl(url));
    if (!res.ok) return null;
    const bytes = new Uint8Array(await res.arrayBuffer());
    if (bytes.length > MAX_BYTES) return null;
    // By the bytes, not the header: JPEG starts FF D8, PNG 89 50 4E 47.
    const type = bytes[0] === 0xff && bytes[1] === 0xd8 ? 'jpg' : bytes[0] === 0x89 && bytes[1] === 0x50 ? 'png' : null;
    if (!type) return null;
    let binary = '';
    for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return { type, base64: btoa(binary) };
  } catch {
    return null;
  }
}

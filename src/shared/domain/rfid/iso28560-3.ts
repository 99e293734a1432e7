import { crc16, CRC16_CCITT_FALSE } from './crc16.ts';
import type { LibraryTagData } from './iso28560-2.ts';

/**
 * ISO 28560-3: the fixed-length "Danish data model" basic block, 32 bytes (8 blocks of an ICODE
 * SLIX tag):
 *
 * | byte  | content                                                              |
 * |-------|----------------------------------------------------------------------|
 * | 0     | version (high nibble, 1) and type of usage class (low nibble)        |
 * | 1     | parts in the item (set total) · byte 2: this part's number           |
 * | 3-18  | primary item ID, ASCII, NUL-padded                                   |
 * | 19-20 | CRC-16/CCITT-FALSE, low byte first                                   |
 * | 21-22 | country of the owner library · bytes 23-31: library ID, NUL-padded   |
 *
 * The CRC covers the block without bytes 19-20, zero-padded at the end back to 32 bytes.
 */
export const BASIC_BLOCK_BYTES = 32;

export class BasicBlockError extends Error {
  readonly code: 'blank' | 'crc' | 'version' | 'too-long';
  constructor(message: string, code: BasicBlockError['code']) {
    super(message);
    this.code = code;
  }
}

function blockCrc(block: Uint8Array): number {
  const data = new Uint8Array(BASIC_BLOCK_BYTES);
  data.set(block.subarray(0, 19), 0);
  data.set(block.subarray(21, BASIC_BLOCK_BYTES), 19);
  return crc16(data, CRC16_CCITT_FALSE);
}

function ascii(block: Uint8Array, from: number, to: number): string {
  let s = '';
  for (let i = from; i < to && block[i] !== 0; i++) s += String.fromCharCode(block[i]!);
  return s;
}

function putAscii(block: Uint8Array, text: string, from: number, max: number, what: string) {
  if (text.length > max || !/^[\x20-\x7E]*$/.test(text)) throw new BasicBlockError(`${what} must be at most ${max} printable ASCII characters: ${text}`, 'too-long');
  for (let i = 0; i < text.length; i++) block[from + i] = text.charCodeAt(i);
}

/** The 32 bytes of a basic block; the owner ISIL "CN-110108" is stored as country CN and library 110108. */
export function encodeBasicBlock(d: LibraryTagData): Uint8Array {
  const block = new Uint8Array(BASIC_BLOCK_BYTES);
  block[0] = 0x10 | (((d.typeOfUsage ?? 0x10) >> 4) & 0x0f);
  block[1] = d.setInformation?.total ?? 1;
  block[2] = d.setInformation?.part ?? 1;
  putAscii(block, d.primaryItemId, 3, 16, 'The primary item ID');
  if (d.ownerLibrary) {
    const dash = d.ownerLibrary.indexOf('-');
    const [country, library] = dash === 2 ? [d.ownerLibrary.slice(0, 2), d.ownerLibrary.slice(3)] : ['', d.ownerLibrary];
    putAscii(block, country, 21, 2, 'The country');
    putAscii(block, library, 23, 9, 'The library ID');
  }
  const crc = blockCrc(block);
  block[19] = crc & 0xff;
  block[20] = crc >> 8;
  return block;
}

export function decodeBasicBlock(block: Uint8Array): LibraryTagData {
  if (block.length < BASIC_BLOCK_BYTES || block.subarray(0, BASIC_BLOCK_BYTES).every((b) => b === 0)) throw new BasicBlockError('the tag holds no library data', 'blank');
  if (block[0]! >> 4 !== 1) throw new BasicBlockError(`basic block version ${block[0]! >> 4} is not 1`, 'version');
  const stored = block[19]! | (block[20]! << 8);
  if (stored !== blockCrc(block)) throw new BasicBlockError('the basic block fails its CRC', 'crc');
  const country = ascii(block, 21, 23);
  const library = ascii(block, 23, BASIC_BLOCK_BYTES);
  return {
    primaryItemId: ascii(block, 3, 19),
    typeOfUsage: (block[0]! & 0x0f) << 4,
    setInformation: { total: block[1]!, part: block[2]! },
    ...(country || library ? { ownerLibrary: country ? `${country}-${library}` : library } : {}),
  };
}

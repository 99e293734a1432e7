import { randomInt } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';

/** Slider captcha images drawn in pure Node (no canvas, no native module). */
export const CAPTCHA_WIDTH = 300;
export const CAPTCHA_HEIGHT = 150;
export const PIECE_SIZE = 50;

export interface CaptchaImages {
  background: Buffer;
  piece: Buffer;
  /** Left edge of the gap; stays on the server. */
  gapX: number;
  pieceY: number;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([len, body, crc]);
}

/** Encodes RGBA pixels as a PNG (colour type 6, filter 0 on every row). */
export function encodePng(width: number, height: number, rgba: Uint8Array): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 6;
  const raw = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (width * 4 + 1)] = 0;
    Buffer.from(rgba.buffer, rgba.byteOffset + y * width * 4, width * 4).copy(raw, y * (width * 4 + 1) + 1);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Puzzle shape inside the PIECE_SIZE box: a square with a knob on top and one on the right. */
export function insidePiece(x: number, y: number): boolean {
  const inSquare = x >= 4 && x <= 38 && y >= 12 && y <= 46;
  const topKnob = (x - 21) ** 2 + (y - 12) ** 2 <= 49;
  const rightKnob = (x - 38) ** 2 + (y - 29) ** 2 <= 49;
  return inSquare || topKnob || rightKnob;
}

function onEdge(x: number, y: number): boolean {
  return insidePiece(x, y) && (!insidePiece(x - 1, y) || !insidePiece(x + 1, y) || !insidePiece(x, y - 1) || !insidePiece(x, y + 1));
}

function hsl(h: number, s: number, l: number): [number, number, number] {
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    return Math.round(255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return [f(0), f(8), f(4)];
}

/** A gradient with waves, blobs and noise, so the gap cannot be found by a flat-colour check. */
function drawBackground(): Uint8Array {
  const w = CAPTCHA_WIDTH;
  const h = CAPTCHA_HEIGHT;
  const px = new Uint8Array(w * h * 4);
  const hue = randomInt(360);
  const [f1, f2, ph] = [randomInt(8, 30) / 1000, randomInt(8, 30) / 1000, randomInt(628) / 100];
  const blobs = Array.from({ length: 7 }, () => ({
    x: randomInt(w), y: randomInt(h), r: randomInt(12, 40), hue: (hue + randomInt(60, 300)) % 360,
  }));
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const wave = Math.sin(x * f1 + ph) * Math.cos(y * f2 * 2 + ph) * 0.12;
      let [r, g, b] = hsl((hue + (x / w) * 80) % 360, 0.55, 0.45 + (y / h) * 0.2 + wave);
      for (const blob of blobs) {
        const d = Math.hypot(x - blob.x, y - blob.y);
        if (d < blob.r) {
          const [br, bg, bb] = hsl(blob.hue, 0.6, 0.55);
          const t = 0.45 * (1 - d / blob.r);
          r = r * (1 - t) + br * t;
          g = g * (1 - t) + bg * t;
          b = b * (1 - t) + bb * t;
        }
      }
      const n = randomInt(-14, 15);
      const i = (y * w + x) * 4;
      px[i] = Math.max(0, Math.min(255, r + n));
      px[i + 1] = Math.max(0, Math.min(255, g + n));
      px[i + 2] = Math.max(0, Math.min(255, b + n));
      px[i + 3] = 255;
    }
  }
  return px;
}

export function drawCaptcha(): CaptchaImages {
  const w = CAPTCHA_WIDTH;
  const bg = drawBackground();
  // Leave room on the left for the piece's starting position and a margin on the right.
  const gapX = randomInt(PIECE_SIZE + 20, w - PIECE_SIZE - 5);
  const pieceY = randomInt(5, CAPTCHA_HEIGHT - PIECE_SIZE - 5);
  const piece = new Uint8Array(PIECE_SIZE * PIECE_SIZE * 4);
  for (let y = 0; y < PIECE_SIZE; y++) {
    for (let x = 0; x < PIECE_SIZE; x++) {
      if (!insidePiece(x, y)) continue;
      const bi = ((pieceY + y) * w + gapX + x) * 4;
      const pi = (y * PIECE_SIZE + x) * 4;
      const edge = onEdge(x, y);
      for (let c = 0; c < 3; c++) {
        const v = bg[bi + c] ?? 0;
        piece[pi + c] = edge ? 255 : v;
        // The gap: darkened, with a light rim.
        bg[bi + c] = edge ? Math.min(255, v + 90) : Math.round(v * 0.35);
      }
      piece[pi + 3] = 255;
    }
  }
  return {
    background: encodePng(w, CAPTCHA_HEIGHT, bg),
    piece: encodePng(PIECE_SIZE, PIECE_SIZE, piece),
    gapX,
    pieceY,
  };
}

export const pngDataUrl = (png: Buffer): string => `data:image/png;base64,${png.toString('base64')}`;

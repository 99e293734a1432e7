import { existsSync, readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import * as fontkit from 'fontkit';
import type { PDFDocument } from 'pdf-lib';

type Fontkit = Parameters<PDFDocument['registerFontkit']>[0];

/**
 * One font for labels that covers Chinese and Latin (pdf-lib has no fallback between fonts, and
 * a CJK-only font prints call numbers as boxes). We ship none: a CJK font is 16-20 MB, and every
 * desk has one. We look for, in order: the Noto Sans CJK / Source Han Sans faces Linux desktops
 * carry (Debian fonts-noto-cjk, OFL), Microsoft YaHei and SimHei on Windows, PingFang and Hiragino
 * Sans GB on macOS, WenQuanYi Micro Hei; a desk can name another file in the template settings.
 */
export const FONT_CANDIDATES: ReadonlyArray<{ file: string; face?: string }> = [
  { file: '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc', face: 'NotoSansCJKsc-Regular' },
  { file: '/usr/share/fonts/noto-cjk/NotoSansCJK-Regular.ttc', face: 'NotoSansCJKsc-Regular' },
  { file: '/usr/share/fonts/opentype/source-han-sans/SourceHanSansSC-Regular.otf' },
  { file: 'C:\\Windows\\Fonts\\msyh.ttc', face: 'MicrosoftYaHei' },
  { file: 'C:\\Windows\\Fonts\\simhei.ttf' },
  { file: '/System/Library/Fonts/PingFang.ttc', face: 'PingFangSC-Regular' },
  { file: '/System/Library/Fonts/Hiragino Sans GB.ttc', face: 'HiraginoSansGB-W3' },
  { file: '/usr/share/fonts/truetype/wqy/wqy-microhei.ttc', face: 'WenQuanYiMicroHei' },
];

export interface LabelFont {
  file: string;
  face: string | undefined;
  bytes: Uint8Array;
}

export function findLabelFont(preferred?: string | null): LabelFont | null {
  const list = preferred ? [{ file: preferred }, ...FONT_CANDIDATES] : FONT_CANDIDATES;
  for (const c of list) {
    if (!existsSync(c.file)) continue;
    return { file: c.file, face: (c as { face?: string }).face, bytes: readFileSync(c.file) };
  }
  return null;
}

/**
 * pdf-lib's fontkit hook, backed by fontkit 2: the fork pdf-lib suggests (@pdf-lib/fontkit 1.1)
 * corrupts CJK subsets (pdf-lib issues #1232, #494), and cannot pick a face out of a .ttc. pdf-lib
 * reads a subset through `encodeStream()`, which fontkit 2 replaced by `encode()`.
 */
export function fontkitFor(face: string | undefined): Fontkit {
  return {
    create(buf: Uint8Array) {
      const made = fontkit.create(Buffer.from(buf), face);
      const font = Array.isArray((made as fontkit.FontCollection).fonts) ? (made as fontkit.FontCollection).fonts[0]! : (made as fontkit.Font);
      // Labels need no shaping (Chinese has none to speak of; Latin call numbers want no
      // ligatures), and OpenType shaping of a CJK font was two thirds of the time of a 5000-label
      // PDF: one glyph per character, its advance as the width.
      const glyphFor = (font as unknown as { glyphForCodePoint(cp: number): { id: number; advanceWidth: number } }).glyphForCodePoint.bind(font);
      (font as unknown as { layout: (text: string) => unknown }).layout = (text: string) => {
        const glyphs = [...text].map((ch) => glyphFor(ch.codePointAt(0)!));
        return { glyphs, positions: glyphs.map((g) => ({ xAdvance: g.advanceWidth, yAdvance: 0, xOffset: 0, yOffset: 0 })) };
      };
      const createSubset = font.createSubset.bind(font);
      font.createSubset = () => {
        const subset = createSubset();
        (subset as { encodeStream?: () => Readable }).encodeStream = () => Readable.from([Buffer.from(subset.encode())]);
        return subset;
      };
      return font;
    },
  } as unknown as Fontkit;
}

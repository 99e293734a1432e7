// fontkit 2 ships no types; the little pdf-lib's fontkit adapter (label-font.ts) uses.
declare module 'fontkit' {
  export interface Subset {
    encode(): Uint8Array;
    [k: string]: unknown;
  }
  export interface Font {
    postscriptName: string;
    createSubset(): Subset;
    hasGlyphForCodePoint(cp: number): boolean;
    [k: string]: unknown;
  }
  export interface FontCollection {
    fonts: Font[];
  }
  export function create(buffer: Buffer, postscriptName?: string): Font | FontCollection;
}

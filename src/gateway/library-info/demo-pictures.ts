/**
 * The demo seed's gallery: small drawings (SVG as data: addresses) instead of photographs, so the
 * seed writes no files and a fresh install still shows a gallery. Uploaded pictures are real
 * files of the upload domain's image store; only ids of the form demo:<name> come here.
 */
const SCENES: Record<string, { sky: string; floor: string; shelf: string; label: string }> = {
  'reading-room': { sky: '#dbeafe', floor: '#93c5fd', shelf: '#1e3a8a', label: 'Reading room' },
  'picture-books': { sky: '#fef3c7', floor: '#fcd34d', shelf: '#b45309', label: 'Picture books' },
  'study-corner': { sky: '#dcfce7', floor: '#86efac', shelf: '#166534', label: 'Study corner' },
  'front-desk': { sky: '#fce7f3', floor: '#f9a8d4', shelf: '#9d174d', label: 'Front desk' },
};
export const DEMO_PICTURES = Object.keys(SCENES);

export function demoPictureUrl(name: string): string {
  const s = SCENES[name] ?? SCENES['reading-room']!;
  // A room: wall, floor, three shelves of coloured spines and a window.
  const books = [0, 1, 2].flatMap((shelf) => Array.from({ length: 9 }, (_v, i) => {
    const x = 40 + shelf * 190 + i * 17;
    const h = 40 + ((i * 7 + shelf * 3) % 4) * 6;
    const hue = (i * 47 + shelf * 90) % 360;
    return `<rect x="${x}" y="${210 - h}" width="14" height="${h}" fill="hsl(${hue} 60% 55%)"/>`;
  })).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 640 400"><rect width="640" height="400" fill="${s.sky}"/>`
    + `<rect y="290" width="640" height="110" fill="${s.floor}"/><rect x="470" y="14" width="130" height="70" fill="#fff" stroke="${s.shelf}" stroke-width="6"/>`
    + `${[0, 1, 2].map((k) => `<rect x="${30 + k * 190}" y="100" width="170" height="190" fill="none" stroke="${s.shelf}" stroke-width="8"/><rect x="${30 + k * 190}" y="210" width="170" height="8" fill="${s.shelf}"/>`).join('')}`
    + `${books}<text x="320" y="360" font-family="sans-serif" font-size="28" text-anchor="middle" fill="${s.shelf}">${s.label}</text></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

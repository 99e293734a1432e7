/**
 * The desk's two sounds: a short high tone when a step succeeded and a low double tone when it was
 * refused, so a librarian with the book in hand knows without looking. Made with Web Audio (no
 * sound files to ship); silent where there is no audio (tests, a kiosk without speakers).
 */
export type Sound = 'success' | 'refusal';

let ctx: AudioContext | null = null;

/** How each sound is played: pitches (Hz) and lengths (s) of its tones. */
const TONES: Record<Sound, Array<[number, number]>> = {
  success: [[1320, 0.09]],
  refusal: [[220, 0.12], [196, 0.16]],
};

export function playSound(sound: Sound): void {
  const Ctor = typeof window !== 'undefined' ? window.AudioContext : undefined;
  if (!Ctor) return;
  try {
    ctx ??= new Ctor();
    let at = ctx.currentTime;
    for (const [hz, length] of TONES[sound]) {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.frequency.value = hz;
      osc.type = sound === 'success' ? 'sine' : 'square';
      gain.gain.setValueAtTime(0.15, at);
      gain.gain.exponentialRampToValueAtTime(0.001, at + length);
      osc.connect(gain).connect(ctx.destination);
      osc.start(at);
      osc.stop(at + length);
      at += length + 0.03;
    }
  } catch {
    // No audio device: the screen still says what happened.
  }
}

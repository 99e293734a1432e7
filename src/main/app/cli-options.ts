import { DEFAULT_GUIDE_IDLE_MINUTES } from '../windows/kiosk-policy.ts';

export interface CliOptions {
  /** `--guide`: this machine is a reading-guide kiosk; it opens the guide window only. */
  guide: boolean;
  guideIdleMinutes: number;
}

/** Desktop command-line switches (a kiosk's shortcut adds `--guide`). Unknown flags are ignored. */
export function parseCliOptions(argv: readonly string[]): CliOptions {
  let guideIdleMinutes = DEFAULT_GUIDE_IDLE_MINUTES;
  for (const a of argv) {
    const m = /^--guide-idle-minutes=(\d{1,3})$/.exec(a);
    if (m && Number(m[1]) > 0) guideIdleMinutes = Number(m[1]);
  }
  return { guide: argv.includes('--guide'), guideIdleMinutes };
}

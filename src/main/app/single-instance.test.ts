import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeElectron, resetFakeElectron, FakeBrowserWindow } from '../testing/fake-electron.ts';
import { claimSingleInstance, type SingleInstanceApp } from './single-instance.ts';
import { parseCliOptions } from './cli-options.ts';

beforeEach(() => resetFakeElectron());
const app = () => fakeElectron.app as unknown as SingleInstanceApp & { lock: boolean; quitCalls: number; emit(e: string): void };

describe('single instance', () => {
  it('quits when another instance holds the lock', () => {
    app().lock = false;
    expect(claimSingleInstance(app(), () => undefined)).toBe(false);
    expect(app().quitCalls).toBe(1);
  });

  it('a second launch restores and focuses the first window', () => {
    const win = new FakeBrowserWindow({});
    win.minimized = true;
    expect(claimSingleInstance(app(), () => win)).toBe(true);
    expect(app().quitCalls).toBe(0);
    app().emit('second-instance');
    expect(win).toMatchObject({ minimized: false, shown: true, focused: true });
  });

  it('ignores a second launch before any window exists', () => {
    const first = vi.fn(() => undefined);
    claimSingleInstance(app(), first);
    expect(() => app().emit('second-instance')).not.toThrow();
    expect(first).toHaveBeenCalled();
  });
});

describe('command line', () => {
  it('reads the kiosk switches', () => {
    expect(parseCliOptions(['electron', '.'])).toEqual({ guide: false, guideIdleMinutes: 3 });
    expect(parseCliOptions(['app', '--guide', '--guide-idle-minutes=10'])).toEqual({ guide: true, guideIdleMinutes: 10 });
    expect(parseCliOptions(['app', '--guide-idle-minutes=0']).guideIdleMinutes).toBe(3);
  });
});

import { describe, expect, it } from 'vitest';
import { bridge, BROWSER_UNSUPPORTED, isDesktop } from './bridge.ts';

describe('bridge in a plain browser', () => {
  it('every feature answers "Your browser does not support this feature."', async () => {
    expect(isDesktop()).toBe(false);
    for (const r of [await bridge.getSettings(), await bridge.getGatewayAddress(), await bridge.openExternal('https://x.example'), await bridge.getAppInfo()]) {
      expect(r).toEqual({ ok: false, error: { code: 'browserUnsupported', message: BROWSER_UNSUPPORTED } });
    }
    expect(BROWSER_UNSUPPORTED).toBe('errors:browserUnsupported');
  });
});

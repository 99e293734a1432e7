import { describe, expect, it } from 'vitest';
import { toastHosts } from './toast-store.ts';

describe('toast hosts', () => {
  it('the host mounted last shows the toasts; when it goes, the one before takes over', () => {
    const app = toastHosts.newId();
    const kiosk = toastHosts.newId();
    const releaseApp = toastHosts.claim(app);
    expect(toastHosts.active()).toBe(app);
    const releaseKiosk = toastHosts.claim(kiosk);
    expect(toastHosts.active()).toBe(kiosk);
    releaseKiosk();
    expect(toastHosts.active()).toBe(app);
    releaseApp();
    expect(toastHosts.active()).toBeUndefined();
  });
});

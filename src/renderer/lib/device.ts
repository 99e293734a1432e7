import { MOBILE_MIN_HEIGHT_PX } from '../../shared/domain/ui-constants.ts';

/** Phone or tablet user agents (iPadOS reports a Mac with touch). */
export function isMobileOrTablet(ua: string = navigator.userAgent, touchPoints = navigator.maxTouchPoints ?? 0): boolean {
  if (/Android|iPhone|iPad|iPod|Mobile|Tablet|HarmonyOS|Windows Phone/i.test(ua)) return true;
  return /Macintosh/.test(ua) && touchPoints > 1;
}

/** Spec section 9: on phone/tablet agents (portrait or landscape) the root gets a 1200 px min-height. */
export function applyMobileHeightRule(root: HTMLElement): void {
  if (isMobileOrTablet()) root.style.minHeight = `${MOBILE_MIN_HEIGHT_PX}px`;
}

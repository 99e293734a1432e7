import type { Language } from '../../shared/domain/ui-constants.ts';
import type { SsoText } from './sso-i18n.ts';

/** No inline script or style anywhere: scripts and styles come from /sso/assets, images are data URLs. */
export const PAGE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join('; ');

export const PAGE_HEADERS: Record<string, string> = {
  'content-type': 'text/html; charset=utf-8',
  'content-security-policy': PAGE_CSP,
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
};

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const otherLang = (lang: Language): Language => (lang === 'zh-CN' ? 'en-US' : 'zh-CN');

interface Shell {
  lang: Language;
  text: SsoText;
  title: string;
  /** Path prefix of the gateway (publicUrl's path, usually ''). */
  base: string;
  body: string;
  script?: string;
  /** Address of this page in the other language. */
  switchHref?: string;
}

function shell({ lang, text, title, base, body, script, switchHref }: Shell): string {
  // The link's text is in the other language: marked so a screen reader pronounces it in that one.
  const other = otherLang(lang);
  const sw = switchHref
    ? `<a class="lang" href="${escapeHtml(switchHref)}" lang="${other}" hreflang="${other}">${escapeHtml(text(lang, 'page.switchLanguage'))}</a>`
    : '';
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<link rel="icon" href="${base}/library/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="${base}/sso/assets/sso.css">
</head>
<body>
<main class="card">
<header><div><h1>${escapeHtml(text(lang, 'page.heading'))}</h1><p class="sub">${escapeHtml(text(lang, 'page.subtitle'))}</p></div>${sw}</header>
${body}
</main>
${script ? `<script src="${base}/sso/assets/${script}"></script>` : ''}
</body>
</html>`;
}

/** Strings the login script shows, handed over as a data attribute (no inline script). */
const CLIENT_KEYS = [
  'page.loading', 'page.signingIn', 'page.success', 'page.fillFields', 'page.networkError', 'page.slideHint',
  'page.fillAccount', 'page.fillCode', 'page.sending', 'page.sendCode', 'page.resendIn', 'page.codeMode', 'page.sliderMode',
];

/**
 * The sign-in page. Two ways through the human check, in tab order: first the button that
 * switches to an e-mailed one-time code (for whoever cannot see or drag the puzzle, WCAG 2.2
 * SC 3.3.8), then the slider. Errors go to an alert region, progress to a status region.
 */
export function loginPage(opts: { lang: Language; text: SsoText; base: string; uid: string; path: string }): string {
  const { lang, text, base, uid } = opts;
  const t = (k: string) => escapeHtml(text(lang, k));
  const texts = Object.fromEntries(CLIENT_KEYS.map((k) => [k, text(lang, k)]));
  const body = `<form id="login" class="login" novalidate data-uid="${escapeHtml(uid)}" data-lang="${lang}" data-base="${escapeHtml(base)}" data-texts="${escapeHtml(JSON.stringify(texts))}">
<label for="account">${t('page.account')}</label>
<input id="account" name="account" autocomplete="username" maxlength="64" placeholder="${t('page.accountPlaceholder')}" required autofocus>
<label for="password">${t('page.password')}</label>
<input id="password" name="password" type="password" autocomplete="current-password" maxlength="128" placeholder="${t('page.passwordPlaceholder')}" required>
<fieldset class="verify">
<legend>${t('page.verifyLegend')}</legend>
<button type="button" class="link alt" id="use-code" aria-controls="code-panel">${t('page.useCode')}</button>
<div class="captcha" id="captcha-panel">
<div class="stage" id="stage" role="img" aria-label="${t('page.puzzleLabel')}"><img id="captcha-bg" alt=""><img id="captcha-piece" alt=""></div>
<div class="track" id="track"><div class="fill" id="fill"></div><span class="hint" id="hint" aria-hidden="true">${t('page.slideHint')}</span><button type="button" class="handle" id="handle" aria-label="${t('page.slideLabel')}">&#10140;</button></div>
<button type="button" class="link" id="refresh">${t('page.refresh')}</button>
</div>
<div class="code" id="code-panel" hidden>
<p class="help" id="code-help">${t('page.codeHelp')}</p>
<button type="button" class="button secondary" id="send-code" aria-describedby="code-help">${t('page.sendCode')}</button>
<label for="email-code">${t('page.emailCode')}</label>
<input id="email-code" name="emailCode" inputmode="numeric" autocomplete="one-time-code" maxlength="6" placeholder="${t('page.emailCodePlaceholder')}" aria-describedby="code-help">
<button type="submit" class="button submit" id="code-submit">${t('page.signIn')}</button>
<button type="button" class="link" id="use-slider" aria-controls="captcha-panel">${t('page.useSlider')}</button>
</div>
</fieldset>
<p class="message" id="message" role="alert"></p>
<p class="message info" id="status" role="status"></p>
<noscript><p class="message">${t('page.noScript')}</p></noscript>
</form>`;
  return shell({
    lang, text, base, body, title: text(lang, 'page.title'), script: 'login.js',
    switchHref: `${opts.path}?lang=${otherLang(lang)}`,
  });
}

export function messagePage(opts: { lang: Language; text: SsoText; base: string; titleKey: string; messageKey: string; back?: string; detail?: string }): string {
  const { lang, text, base } = opts;
  const back = opts.back ? `<p><a class="button" href="${escapeHtml(opts.back)}">${escapeHtml(text(lang, 'error.back'))}</a></p>` : '';
  const detail = opts.detail ? `<p class="detail">${escapeHtml(opts.detail)}</p>` : '';
  const body = `<h2>${escapeHtml(text(lang, opts.titleKey))}</h2><p>${escapeHtml(text(lang, opts.messageKey))}</p>${detail}${back}`;
  return shell({ lang, text, base, body, title: text(lang, opts.titleKey) });
}

/** The provider's logout confirmation: the form (with its xsrf field) is submitted by logout.js. */
export function logoutPage(opts: { lang: Language; text: SsoText; base: string; formHtml: string }): string {
  const { lang, text, base } = opts;
  // Sign out of the whole SSO session, not only the requesting client.
  const form = opts.formHtml.replace('</form>', '<input type="hidden" name="logout" value="yes"/></form>');
  const body = `<h2>${escapeHtml(text(lang, 'logout.title'))}</h2><p>${escapeHtml(text(lang, 'logout.message'))}</p>${form}
<p><button class="button" type="submit" form="op.logoutForm">${escapeHtml(text(lang, 'logout.confirm'))}</button></p>`;
  return shell({ lang, text, base, body, title: text(lang, 'logout.title'), script: 'logout.js' });
}

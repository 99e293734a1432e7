/**
 * The Content-Security-Policy of the app's documents, one definition for the gateway (web build)
 * and the desktop shell. MUI/emotion inject <style> tags, hence 'unsafe-inline' for styles only;
 * scripts are 'self' only (zod runs jitless in the renderer). frame-src https: serves /iframe.
 * `embeddable`: the document may be framed by a school's own site. Only the embed document
 * (EMBED_DOCUMENT, for the routes of EMBEDDABLE_ROUTES: the door's counts) is; the app itself,
 * with its sign-in and staff screens, never is (clickjacking), nor is the desktop window.
 */
export function appContentSecurityPolicy(opts: { embeddable: boolean }): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "frame-src 'self' https:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    ...(opts.embeddable ? [] : ["frame-ancestors 'none'"]),
  ].join('; ');
}

/**
 * The web build's document that other sites may frame (the gateway serves the app's index.html
 * there with a CSP without frame-ancestors), and the hash routes it shows inside a frame; framed,
 * the app shows any other route only as a link to open it in its own window.
 */
export const EMBED_DOCUMENT = '/library/embed';
export const EMBEDDABLE_ROUTES: readonly string[] = ['/inoutstatisticiframe'];

/**
 * The Content-Security-Policy of the app's documents, one definition for the gateway (web build)
 * and the desktop shell. MUI/emotion inject <style> tags, hence 'unsafe-inline' for styles only;
 * scripts are 'self' only (zod runs jitless in the renderer). frame-src https: serves /iframe.
 * `embeddable`: the web build may be framed by a school's own site (/inoutstatisticiframe exists
 * for that); the desktop window may not be framed at all.
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

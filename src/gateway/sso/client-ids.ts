/** The SSO's own clients: the staff app, the search portal, and the service (client credentials). */
export const ADMIN_CLIENT_ID = 'library-admin';
export const PORTAL_CLIENT_ID = 'library-portal';
export const SERVICE_CLIENT_ID = 'library-service';
/** Apps of the library itself: consented by design, never shown a consent page. */
export const FIRST_PARTY: ReadonlySet<string> = new Set([ADMIN_CLIENT_ID, PORTAL_CLIENT_ID]);

/** Redirects of routes.json. */
export const REDIRECTS = { '/': '/home', '/login': '/data-analysis', '/home': '/data-analysis' } as const;
export const NOT_FOUND_PATH = '/404';

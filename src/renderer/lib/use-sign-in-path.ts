import { useLocation } from 'react-router-dom';

/** The portal's sign-in page, coming back to this page afterwards (safeReturnPath checks the target). */
export function useSignInPath(): string {
  const location = useLocation();
  return `/searchauth?redirect=${encodeURIComponent(location.pathname + location.search)}`;
}

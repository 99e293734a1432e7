/**
 * Single-flight token refresh with one replay per request (spec sections 4 and 8).
 *
 * Pure: it knows nothing about HTTP. The caller runs one attempt of a request and classifies the
 * result; the queue decides whether to refresh, wait, replay or give up. This keeps the tricky
 * concurrency testable without ky or a server.
 */
export type AttemptOutcome<T> =
  | { kind: 'ok'; value: T }
  /** HTTP 401 or service code 99998. */
  | { kind: 'unauthorized' }
  /** Service code 99997: the session was signed out elsewhere. */
  | { kind: 'signedOutElsewhere' };

export type AuthFailureReason = 'refreshFailed' | 'rejectedAfterRefresh' | 'signedOutElsewhere';

export class AuthFailure extends Error {
  readonly reason: AuthFailureReason;
  constructor(reason: AuthFailureReason) {
    super(`auth failure: ${reason}`);
    this.name = 'AuthFailure';
    this.reason = reason;
  }
}

export interface RefreshQueueOptions {
  /** Obtains and stores a new token; resolves false (or rejects) when that is impossible. */
  refresh: () => Promise<boolean>;
  /** Called once per failure episode: refresh failed, or a replay was rejected again. */
  onExpired: (reason: 'refreshFailed' | 'rejectedAfterRefresh') => void;
  /** Called once per episode for code 99997. */
  onSignedOutElsewhere: () => void;
}

export interface RefreshQueue {
  execute<T>(attempt: () => Promise<AttemptOutcome<T>>): Promise<T>;
  /** A new session began (sign-in): failures may be reported again. */
  reset(): void;
  /** How many refreshes have been started (for tests and diagnostics). */
  readonly refreshCount: number;
}

export function createRefreshQueue(opts: RefreshQueueOptions): RefreshQueue {
  // generation counts successful refreshes; a request remembers the generation it was sent under.
  let generation = 0;
  let failedGeneration = -1;
  let inflight: Promise<boolean> | null = null;
  let refreshCount = 0;
  let notified = false;

  const notify = (fn: () => void) => {
    if (notified) return;
    notified = true;
    fn();
  };

  const refreshOnce = (): Promise<boolean> => {
    if (inflight) return inflight;
    refreshCount += 1;
    const started = generation;
    inflight = (async () => {
      let ok = false;
      try {
        ok = await opts.refresh();
      } catch {
        ok = false;
      }
      if (ok) generation = started + 1;
      else failedGeneration = started;
      inflight = null;
      return ok;
    })();
    return inflight;
  };

  return {
    get refreshCount() {
      return refreshCount;
    },
    reset() {
      notified = false;
      failedGeneration = -1;
      generation += 1;
    },
    async execute<T>(attempt: () => Promise<AttemptOutcome<T>>): Promise<T> {
      // Marked before waiting, so a request is replayed at most once whatever the interleaving.
      let replayed = false;
      for (;;) {
        const sentUnder = generation;
        const out = await attempt();
        if (out.kind === 'ok') return out.value;
        if (out.kind === 'signedOutElsewhere') {
          notify(opts.onSignedOutElsewhere);
          throw new AuthFailure('signedOutElsewhere');
        }
        if (replayed) {
          // Rejected with a fresh token: the session is gone; log out instead of looping.
          notify(() => opts.onExpired('rejectedAfterRefresh'));
          throw new AuthFailure('rejectedAfterRefresh');
        }
        replayed = true;
        if (failedGeneration === sentUnder && !inflight) {
          notify(() => opts.onExpired('refreshFailed'));
          throw new AuthFailure('refreshFailed');
        }
        // Someone already refreshed since this request left: just replay with the new token.
        const ok = generation !== sentUnder ? true : await refreshOnce();
        if (!ok) {
          notify(() => opts.onExpired('refreshFailed'));
          throw new AuthFailure('refreshFailed');
        }
      }
    },
  };
}

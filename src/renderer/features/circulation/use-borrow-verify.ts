import { useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { circulationVerifyCalls as V } from '../../../shared/api/circulation-verify.ts';
import { call } from '../../lib/api-client.ts';

/** The reader the desk asks to confirm. */
export interface VerifyTarget { UserID: number; Name: string; ReaderID: string }

/**
 * Borrow verification at the lending desk: the school's setting, read once and cached (the spec
 * holds it client-side), the reader being asked, and until when each reader confirmed at this
 * desk. The gateway decides; this only saves asking twice in a visit.
 */
export function useBorrowVerify(enabled: boolean) {
  const setting = useQuery({
    queryKey: ['circulation', 'verify-setting'],
    queryFn: () => call(V.isNeedVerify, {}, { toast: false }),
    enabled,
    staleTime: 5 * 60_000,
  });
  const mode = enabled ? (setting.data?.Mode ?? 'off') : 'off';
  const [asking, setAsking] = useState<VerifyTarget | null>(null);
  const until = useRef(new Map<number, number>());
  const [, rerender] = useState(0);
  const untilOf = (userId: number): number | null => {
    const u = until.current.get(userId);
    return u != null && u > Date.now() ? u : null;
  };
  return {
    mode,
    required: mode !== 'off',
    asking,
    ask: (r: VerifyTarget) => setAsking({ UserID: r.UserID, Name: r.Name, ReaderID: r.ReaderID }),
    cancel: () => setAsking(null),
    untilOf,
    confirmed: (userId: number, verifiedUntil: string | null) => {
      until.current.set(userId, verifiedUntil ? Date.parse(verifiedUntil) : Date.now());
      setAsking(null);
      rerender((n) => n + 1);
    },
  };
}

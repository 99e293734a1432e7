import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { readerAccountCalls as C } from '../../../shared/api/reader-account.ts';
import { recommendationCalls as R, type SuggestionInput } from '../../../shared/api/recommendations.ts';
import { call } from '../../lib/api-client.ts';
import { toast } from '../../lib/toast-store.ts';
import { useSession } from '../../lib/use-session.ts';

/**
 * The signed-in reader's own data. Keys carry the token's subject through the access token (a
 * reader signing out and another signing in on a shared computer never sees the first one's
 * cached loans); every write refreshes the whole account.
 */
const ROOT = 'reader-account';

/** Signed in on this tab (a portal reader, or staff looking at their own account). */
export function useSignedIn(): boolean {
  return useSession().token != null;
}

function useAccountKey(): string {
  return useSession().token?.access_token.slice(-16) ?? 'none';
}

export const accountKeys = {
  all: [ROOT] as const,
};

export function useAccountSummary() {
  const who = useAccountKey();
  const signedIn = useSignedIn();
  return useQuery({ queryKey: [ROOT, who, 'summary'], queryFn: ({ signal }) => call(C.summary, {}, { signal }), enabled: signedIn });
}

export function useMyLoans() {
  const who = useAccountKey();
  const signedIn = useSignedIn();
  return useQuery({ queryKey: [ROOT, who, 'loans'], queryFn: ({ signal }) => call(C.loans, {}, { signal }), enabled: signedIn });
}

export function useMyHistory(page: number, rows: number) {
  const who = useAccountKey();
  const signedIn = useSignedIn();
  return useQuery({
    queryKey: [ROOT, who, 'history', page, rows],
    queryFn: ({ signal }) => call(C.history, { Page: page, Rows: rows }, { signal }),
    enabled: signedIn,
    placeholderData: keepPreviousData,
  });
}

export function useMyHolds(page: number, rows: number) {
  const who = useAccountKey();
  const signedIn = useSignedIn();
  return useQuery({
    queryKey: [ROOT, who, 'holds', page, rows],
    queryFn: ({ signal }) => call(C.holds, { Page: page, Rows: rows }, { signal }),
    enabled: signedIn,
    placeholderData: keepPreviousData,
  });
}

export function useReadingLine() {
  const who = useAccountKey();
  const signedIn = useSignedIn();
  return useQuery({ queryKey: [ROOT, who, 'reading'], queryFn: ({ signal }) => call(C.readingLine, {}, { signal }), enabled: signedIn });
}

export function useBalance() {
  const who = useAccountKey();
  const signedIn = useSignedIn();
  return useQuery({ queryKey: [ROOT, who, 'balance'], queryFn: ({ signal }) => call(C.balance, {}, { signal }), enabled: signedIn });
}

export function useMySuggestions(page: number, rows: number) {
  const who = useAccountKey();
  const signedIn = useSignedIn();
  return useQuery({
    queryKey: [ROOT, who, 'suggestions', page, rows],
    queryFn: ({ signal }) => call(R.mine, { Page: page, Rows: rows }, { signal }),
    enabled: signedIn,
    placeholderData: keepPreviousData,
  });
}

/** A write of the account; on success refreshes everything the account shows (and the catalogue's hold counts). */
function useAccountWrite<I, O>(fn: (input: I) => Promise<O>, done: (out: O) => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async (out) => {
      done(out);
      await Promise.all([qc.invalidateQueries({ queryKey: [ROOT] }), qc.invalidateQueries({ queryKey: ['search'] })]);
    },
  });
}

export function useRenew() {
  const { t } = useTranslation('reader-account');
  return useAccountWrite((loanId: number) => call(C.renew, { LoanID: loanId }), (r) => toast.text(t('loans.renewed', { day: r.Loan.DueDay }), 'success'));
}

export function usePlaceHold() {
  return useAccountWrite((titleId: number) => call(C.placeHold, { TitleID: titleId }), () => toast.key('reader-account:holds.placed', 'success'));
}

export function useCancelHold() {
  return useAccountWrite((holdId: number) => call(C.cancelHold, { HoldID: holdId }), () => toast.key('reader-account:holds.cancelled', 'success'));
}

export function useSubmitSuggestion(done: () => void) {
  return useAccountWrite((input: SuggestionInput) => call(R.submit, input, { toast: false }), () => {
    toast.key('reader-account:recommend.submitted', 'success');
    done();
  });
}

export function useWithdrawSuggestion() {
  return useAccountWrite((id: number) => call(R.withdraw, { ID: id }), () => toast.key('reader-account:recommend.withdrawn', 'success'));
}

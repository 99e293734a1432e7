import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import SchoolOutlined from '@mui/icons-material/SchoolOutlined';
import { isApiError } from '../../lib/api-error.ts';
import type { TFunction } from 'i18next';
import { loadFeatureNamespaces } from '../../lib/i18n.ts';
import { sessionStore } from '../../lib/session-store.ts';
import { useSession } from '../../lib/use-session.ts';
import { MessagePage } from '../../components/message-page.tsx';
import { OutlinedField } from '../../components/outlined-field.tsx';

function errorText(e: unknown, t: TFunction): string {
  return isApiError(e) ? (e.isKey ? t(e.message) : e.message) : t('errors:network');
}

/** The school the portal and the kiosk answer for: a signed-in user's, else the one chosen by code. */
export function usePortalSchool(): number | null {
  const s = useSession();
  return s.user?.SchoolID ?? s.searchSchool;
}

/** The last school chosen on this device: a phone or a kiosk opens it again by itself. */
const REMEMBERED = 'lib.portalSchoolCode';

// The client and the contract load on first use: the portal's frame paints without them.
const client = () => Promise.all([import('../../lib/api-client.ts'), import('../../../shared/api/auth.ts'), import('../../../shared/api/session.ts')]);

async function chooseSchool(code: string): Promise<void> {
  const [{ call }, { authCalls }] = await client();
  const school = await call(authCalls.getSchoolByCode, { SchoolCode: code }, { toast: false });
  if (sessionStore.get().user == null) sessionStore.setSearchSchool(school.SchoolID);
  localStorage.setItem(REMEMBERED, school.SchoolCode);
}

/** The code of the school this device chose (for links a phone opens: the kiosk's QR codes). */
export function rememberedSchoolCode(): string | null {
  return localStorage.getItem(REMEMBERED);
}

/** "Change school": forget the school on this device too. */
export function forgetSchool(): void {
  localStorage.removeItem(REMEMBERED);
  sessionStore.setSearchSchool(null);
  sessionStore.setUnit(null);
}

/**
 * `?school=CODE` on any portal or kiosk address picks the school (the link a school puts on its
 * website or in a QR code); without one, the school last chosen on this device. The unit (name,
 * colours) is loaded once a school is known.
 */
export function useSchoolFromAddress(): { picking: boolean; error: string | null } {
  const [params] = useSearchParams();
  const school = usePortalSchool();
  const code = params.get('school')?.trim() || (school == null ? localStorage.getItem(REMEMBERED) ?? '' : '');
  const { t } = useTranslation(['search', 'errors']);
  const [state, setState] = useState<{ code: string; error: string | null } | null>(null);
  useEffect(() => {
    if (!code || state?.code === code) return;
    setState({ code, error: null });
    chooseSchool(code).catch((e: unknown) => {
      // A remembered school that is gone is forgotten; one in the address is reported.
      if (code === localStorage.getItem(REMEMBERED)) localStorage.removeItem(REMEMBERED);
      setState({ code, error: errorText(e, t) });
    });
  }, [code, state?.code, t]);
  const unit = useSession().unit;
  useEffect(() => {
    if (school == null || unit?.SchoolID === school) return;
    client()
      .then(([{ call }, , { sessionCalls }]) => call(sessionCalls.getUnitInfo, {}, { toast: false }))
      .then((u) => sessionStore.setUnit(u), () => undefined);
  }, [school, unit?.SchoolID]);
  const error = state?.code === code ? state.error : null;
  return { picking: code !== '' && school == null && error == null, error };
}

/** The served school's name in the page's language ('' until its unit is loaded). */
export function useSchoolName(): string {
  const { i18n } = useTranslation();
  const school = usePortalSchool();
  const unit = useSession().unit;
  if (!unit || unit.SchoolID !== school) return '';
  return i18n.language === 'en-US' ? unit.SchoolEnName || unit.SchoolName : unit.SchoolName;
}

/**
 * The portal's, the kiosk's and /statistic's pages need a school: until one is known (from the
 * address, the device's memory or the picker) this shows the picker, or a spinner while a code
 * is being looked up. `eager`: a page whose every read waits for the school (`enabled: school !=
 * null`, as in search-queries.ts) shows during the lookup instead (the portal's home: its box
 * takes a query before the api layer has loaded); a code that is not found brings the picker.
 */
export function SchoolGate({ children, eager = false }: { children: ReactNode; eager?: boolean }) {
  const { t } = useTranslation('search');
  const school = usePortalSchool();
  const { picking, error } = useSchoolFromAddress();
  if (school != null || (picking && eager)) return children;
  if (picking) return <Box sx={{ display: 'flex', justifyContent: 'center', p: 6 }}><CircularProgress aria-label={t('school.loading')} /></Box>;
  return <SchoolPicker error={error} />;
}

/** Asked when the portal does not know the school yet: its code, as printed by the library. */
export function SchoolPicker({ error: initialError }: { error: string | null }) {
  const { t } = useTranslation(['search', 'validation', 'errors']);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(initialError);
  const [busy, setBusy] = useState(false);
  // The empty-code message is in 'validation', which is not part of the first load.
  useEffect(() => void loadFeatureNamespaces(undefined, ['validation']).catch(() => undefined), []);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!code.trim()) {
      setError(t('validation:required.schoolCode'));
      return;
    }
    setBusy(true);
    chooseSchool(code.trim()).catch((err: unknown) => {
      setBusy(false);
      setError(errorText(err, t));
    });
  };
  return (
    <MessagePage
      testId="school-picker"
      icon={<SchoolOutlined color="primary" sx={{ fontSize: 56 }} />}
      title={t('search:school.title')}
      body={
        <Stack component="form" spacing={2} onSubmit={submit} noValidate sx={{ mt: 1, width: '100%', maxWidth: 340 }}>
          <OutlinedField
            label={t('search:school.code')}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            error={error != null}
            helperText={error ?? t('search:school.hint')}
            autoFocus
            htmlInput={{ 'data-testid': 'portal-school-code', autoCapitalize: 'characters' }}
          />
          <Button type="submit" variant="contained" disabled={busy} data-testid="portal-school-go">{t('search:school.go')}</Button>
        </Stack>
      }
    />
  );
}

import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import BadgeOutlined from '@mui/icons-material/BadgeOutlined';
import { guideCalls, type GuideReaderCard } from '../../../shared/api/guide.ts';
import { call } from '../../lib/api-client.ts';
import { isApiError } from '../../lib/api-error.ts';
import { useCardSettings } from './guide-queries.ts';
import { useIdleCountdown } from './use-idle-countdown.ts';
import { ReaderCardView } from './reader-card-view.tsx';

/** Seconds without a touch before the card page closes by itself. */
export const CARD_IDLE_SECONDS = 60;

const big = { '& .MuiInputBase-input': { fontSize: '2rem', py: 2, letterSpacing: '0.06em' }, '& .MuiInputLabel-root': { fontSize: '1.3rem' } } as const;

/**
 * /guidescreen/userinfo: a reader scans their card (the scanner types it and presses Enter) or types
 * it on the on-screen keyboard, adds their PIN when the school asks for one, and sees their loans.
 * The answer lives only in this screen's state: "Done", a minute untouched, or leaving the screen forgets it.
 */
export default function ReaderCardScreen() {
  const { t } = useTranslation('guide');
  const settings = useCardSettings();
  const pinRequired = settings.data?.PinRequired ?? false;
  const [cardNo, setCardNo] = useState('');
  const [pin, setPin] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [card, setCard] = useState<GuideReaderCard | null>(null);
  const signOut = () => {
    setCard(null);
    setCardNo('');
    setPin('');
    setError('');
  };
  const left = useIdleCountdown(card != null, CARD_IDLE_SECONDS, signOut);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const no = cardNo.trim();
    if (!no) return setError(t('card.needCard'));
    if (pinRequired && !pin) {
      // A scanner ends with Enter: move on to the PIN rather than refusing.
      document.getElementById('guide-card-pin')?.focus();
      return setError(t('card.needPin'));
    }
    setBusy(true);
    setError('');
    try {
      setCard(await call(guideCalls.readerCard, pinRequired ? { CardNo: no, Pin: pin } : { CardNo: no }, { toast: false }));
      // The typing is over: the keyboard would cover the loans (the kiosk's layout listens for this).
      window.dispatchEvent(new Event('guide:hide-keyboard'));
    } catch (err) {
      setPin('');
      setError(isApiError(err) ? (err.isKey ? t(err.message) : err.message) : t('errors:network'));
    } finally {
      setBusy(false);
    }
  };

  if (card) return <ReaderCardView card={card} secondsLeft={left} onDone={signOut} />;
  return (
    <Stack spacing={3} sx={{ alignItems: 'center', pt: 2 }}>
      <BadgeOutlined sx={{ fontSize: 96, color: 'primary.main' }} />
      <Typography variant="h3" component="h1" sx={{ fontWeight: 600 }}>{t('card.heading')}</Typography>
      <Typography variant="h5" component="p" color="text.secondary">{t(pinRequired ? 'card.hintPin' : 'card.hint')}</Typography>
      <Paper variant="outlined" component="form" onSubmit={submit} noValidate sx={{ p: 4, width: 720, maxWidth: '100%', borderWidth: 2 }} data-testid="reader-card-form">
        <Stack spacing={3}>
          <TextField
            label={t('card.cardNo')} value={cardNo} onChange={(e) => setCardNo(e.target.value)} autoFocus autoComplete="off"
            slotProps={{ htmlInput: { maxLength: 64, 'data-testid': 'reader-card-no', spellCheck: false, autoCapitalize: 'characters' } }} sx={big}
          />
          {pinRequired && (
            <TextField
              id="guide-card-pin" label={t('card.pin')} value={pin} onChange={(e) => setPin(e.target.value.replace(/\D/g, ''))} autoComplete="off"
              // type text, masked: the on-screen keyboard types into text fields, and a password field would offer to save it.
              slotProps={{ htmlInput: { maxLength: 6, inputMode: 'numeric', 'data-testid': 'reader-card-pin', style: { WebkitTextSecurity: 'disc' } } }} sx={big}
            />
          )}
          {error && <Alert severity="error" sx={{ fontSize: '1.3rem' }} data-testid="reader-card-error">{error}</Alert>}
          <Button type="submit" variant="contained" size="large" disabled={busy} sx={{ fontSize: '1.5rem', minHeight: 72 }} data-testid="reader-card-submit">
            {t('card.show')}
          </Button>
          <Typography variant="body1" color="text.secondary">{t('card.privacy', { n: CARD_IDLE_SECONDS })}</Typography>
        </Stack>
      </Paper>
    </Stack>
  );
}

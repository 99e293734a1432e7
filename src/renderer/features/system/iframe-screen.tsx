import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import OpenInNew from '@mui/icons-material/OpenInNew';
import LinkOff from '@mui/icons-material/LinkOff';
import { MessagePage } from '../../components/message-page.tsx';
import { bridge } from '../../lib/bridge.ts';

/**
 * Only http(s) addresses of other origins may be framed (no javascript:, data:, file:, and not
 * our own origin, whose pages could then script the app). Cross-origin pages cannot reach into
 * the app anyway, so the frame is not sandboxed: external library sites need their own cookies.
 */
export function safeFrameUrl(raw: string | null, appOrigin: string = window.location.origin): string | null {
  if (!raw) return null;
  try {
    const u = new URL(raw);
    if (u.origin === appOrigin) return null;
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.toString() : null;
  } catch {
    return null;
  }
}

async function openInBrowser(url: string): Promise<void> {
  const res = await bridge.openExternal(url);
  if (!res.ok) window.open(url, '_blank', 'noopener,noreferrer');
}

/** /iframe?url=: external menu addresses, embedded, with a way out to the real browser. */
export default function IframeScreen() {
  const { t } = useTranslation('shell');
  const [params] = useSearchParams();
  const url = safeFrameUrl(params.get('url'));
  if (!url) {
    return <MessagePage icon={<LinkOff color="disabled" sx={{ fontSize: 56 }} />} title={t('iframe.invalid')} testId="iframe-invalid" />;
  }
  return (
    <Stack spacing={1} sx={{ height: 'calc(100vh - 150px)' }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography variant="body2" noWrap sx={{ flex: 1 }} data-testid="iframe-url" title={url}>{url}</Typography>
        <Button size="small" startIcon={<OpenInNew />} onClick={() => void openInBrowser(url)} data-testid="iframe-open-external">
          {t('iframe.openInBrowser')}
        </Button>
      </Stack>
      <Box
        component="iframe"
        src={url}
        title={url}
        data-testid="iframe-frame"
        referrerPolicy="no-referrer"
        sx={{ flex: 1, border: 1, borderColor: 'divider', width: '100%' }}
      />
    </Stack>
  );
}

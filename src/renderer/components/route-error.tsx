import { useRouteError } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import { isChunkLoadError } from '../lib/chunk-load.ts';
import { MessagePage } from './message-page.tsx';

/** Route error boundary: a chunk-load failure (or 120 s timeout) offers a reload. */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation(['common', 'errors']);
  const chunk = isChunkLoadError(error);
  return (
    <MessagePage
      testId={chunk ? 'chunk-load-error' : 'route-error'}
      icon={<ErrorOutline color="error" sx={{ fontSize: 56 }} />}
      title={chunk ? t('errors:chunkLoad') : t('common:routeError.title')}
      body={chunk ? undefined : t('common:routeError.body')}
      actions={
        <>
          <Button variant="contained" onClick={() => window.location.reload()} data-testid="reload-button">
            {t('common:actions.reload')}
          </Button>
          <Button href="#/data-analysis">{t('common:actions.home')}</Button>
        </>
      }
    />
  );
}

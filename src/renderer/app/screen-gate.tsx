import type { ComponentType } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import BlockOutlined from '@mui/icons-material/BlockOutlined';
import type { ScreenEntry, ScreenProps } from '../components/screen-types.ts';
import { ScreenFrame } from '../components/screen-frame.tsx';
import { MessagePage } from '../components/message-page.tsx';
import { hasAdminSession } from '../lib/session-store.ts';
import { useSession } from '../lib/use-session.ts';
import { canOpen } from '../lib/menus.ts';

/**
 * Guards of one screen: a login route without a session goes through sign-in and comes back;
 * an admin screen the user's menus do not grant shows "no operation permission".
 */
export function ScreenGate({ entry, Screen }: { entry: ScreenEntry; Screen: ComponentType<ScreenProps> }) {
  const session = useSession();
  const location = useLocation();
  const { t } = useTranslation(['errors', 'common']);
  if (entry.login && !hasAdminSession(session)) {
    const back = `${location.pathname}${location.search}`;
    return <Navigate to={`/auth?redirect=${encodeURIComponent(back)}`} replace />;
  }
  const denied =
    entry.area === 'admin' &&
    entry.login &&
    (!canOpen(entry.path, session.menus?.Menus) ||
      (entry.perm != null && !(session.menus?.Operations ?? []).some((o) => o === entry.perm || o === '*')));
  if (denied) {
    return (
      <ScreenFrame entry={entry} denied>
        <MessagePage
          testId="no-permission"
          icon={<BlockOutlined color="warning" sx={{ fontSize: 56 }} />}
          title={t('errors:noPermission')}
          actions={<Button href="#/data-analysis">{t('common:actions.home')}</Button>}
        />
      </ScreenFrame>
    );
  }
  return (
    <ScreenFrame entry={entry}>
      <Screen entry={entry} />
    </ScreenFrame>
  );
}

import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Chip from '@mui/material/Chip';
import ConstructionOutlined from '@mui/icons-material/ConstructionOutlined';
import { loadFeatureNamespaces } from '../lib/i18n.ts';
import type { ScreenProps } from './screen-types.ts';
import { MessagePage } from './message-page.tsx';
import { useScreenTitle } from './use-screen-title.ts';

/** The honest state of a screen the registry lists but nobody has built yet. Makes no calls. */
export default function PlannedScreen({ entry }: ScreenProps) {
  const { t, i18n } = useTranslation('common');
  const title = useScreenTitle(entry);
  // What the screen will be for, so the notice says more than "not yet". The descriptions of all
  // 225 routes are their own strings file (6 kB gzip), loaded only here, not with every first load.
  const [, setLoaded] = useState(0);
  useEffect(() => {
    void loadFeatureNamespaces(i18n.language, ['screen-descriptions']).then(() => setLoaded((n) => n + 1));
  }, [i18n.language]);
  const description = t(`screen-descriptions:${entry.path}`, { defaultValue: '' });
  return (
    <MessagePage
      testId="planned-screen"
      icon={<ConstructionOutlined color="disabled" sx={{ fontSize: 56 }} />}
      title={title}
      body={
        <>
          {/* Warning-coloured outline; the text stays text.primary (orange text on white is 3.1:1). */}
          <Chip size="small" color="warning" variant="outlined" label={t('planned.badge')} sx={{ mb: 1, color: 'text.primary' }} />
          {description && <div data-testid="planned-description">{description}</div>}
          <div>{t('planned.body')}</div>
          <div>
            <code>{entry.path}</code>
          </div>
        </>
      }
    />
  );
}

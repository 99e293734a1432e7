import { useTranslation } from 'react-i18next';
import Chip from '@mui/material/Chip';
import ConstructionOutlined from '@mui/icons-material/ConstructionOutlined';
import type { ScreenProps } from './screen-types.ts';
import { MessagePage } from './message-page.tsx';
import { useScreenTitle } from './use-screen-title.ts';

/** The honest state of a screen the registry lists but nobody has built yet. Makes no calls. */
export default function PlannedScreen({ entry }: ScreenProps) {
  const { t } = useTranslation('common');
  const title = useScreenTitle(entry);
  return (
    <MessagePage
      testId="planned-screen"
      icon={<ConstructionOutlined color="disabled" sx={{ fontSize: 56 }} />}
      title={title}
      body={
        <>
          <Chip size="small" color="warning" variant="outlined" label={t('planned.badge')} sx={{ mb: 1 }} />
          <div>{t('planned.body')}</div>
          <div>
            <code>{entry.path}</code>
          </div>
        </>
      }
    />
  );
}

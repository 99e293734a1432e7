import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { homeCalls } from '../../../shared/api/home.ts';
import { call } from '../../lib/api-client.ts';

export function NoticesCard() {
  const { t } = useTranslation('home');
  const notices = useQuery({ queryKey: ['home', 'notices'], queryFn: () => call(homeCalls.getNotices, { Page: 1, Rows: 5 }) });
  const list = notices.data?.List ?? [];
  return (
    <Card variant="outlined" data-testid="notices">
      <CardContent>
        <Typography variant="subtitle1">{t('notices.title')}</Typography>
        <List dense>
          {list.map((n) => (
            <ListItem key={n.ID} disableGutters>
              <ListItemText
                primary={
                  <>
                    {n.Top && <Chip size="small" color="error" label={t('notices.top')} sx={{ mr: 1 }} component="span" />}
                    {n.Title}
                  </>
                }
                secondary={n.PublishTime.slice(0, 10)}
              />
            </ListItem>
          ))}
        </List>
        {!notices.isLoading && list.length === 0 && <Typography variant="body2" color="text.secondary">{t('notices.empty')}</Typography>}
      </CardContent>
    </Card>
  );
}

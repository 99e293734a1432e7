import { useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { stocktakingCalls as C, type Stocktake } from '../../../shared/api/stocktaking.ts';
import { call } from '../../lib/api-client.ts';
import { toast } from '../../lib/toast-store.ts';

/** A new stocktake: its name and the collection areas it counts (grouped by branch). */
export function StartForm({ onStarted }: { onStarted: (s: Stocktake) => void }) {
  const { t, i18n } = useTranslation('stocktaking');
  const areas = useQuery({ queryKey: ['stocktaking', 'areas', i18n.language], queryFn: () => call(C.getAreaOptions, {}) });
  const [name, setName] = useState('');
  const [chosen, setChosen] = useState<number[]>([]);
  const start = useMutation({
    mutationFn: () => call(C.start, { Name: name.trim(), AreaIDs: chosen }),
    onSuccess: (s) => {
      toast.text(t('start.started', { count: s.Counts.Expected }), 'success');
      setName('');
      setChosen([]);
      onStarted(s);
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    start.mutate();
  };
  const toggle = (id: number) => setChosen((c) => (c.includes(id) ? c.filter((x) => x !== id) : [...c, id]));
  return (
    <Paper variant="outlined" component="form" onSubmit={submit} sx={{ p: 2 }} data-testid="stocktake-start">
      <Typography variant="subtitle1" component="h2" sx={{ mb: 1.5 }}>{t('start.heading')}</Typography>
      <Stack spacing={2}>
        <TextField label={t('start.name')} helperText={t('start.nameHelp')} value={name} onChange={(e) => setName(e.target.value)}
          required sx={{ maxWidth: 480 }} slotProps={{ htmlInput: { maxLength: 100, 'data-testid': 'stocktake-name' } }} />
        <div role="group" aria-labelledby="stocktake-areas-label">
          <FormLabel id="stocktake-areas-label" required>{t('start.areas')}</FormLabel>
          <FormGroup row sx={{ columnGap: 2 }}>
            {(areas.data ?? []).map((a) => (
              <FormControlLabel key={a.ID} control={<Checkbox checked={chosen.includes(a.ID)} onChange={() => toggle(a.ID)} slotProps={{ input: { 'data-testid': `stocktake-area-${a.ID}` } as never }} />}
                label={`${a.Branch} · ${a.Name} (${t('start.copies', { count: a.Copies })})`} />
            ))}
          </FormGroup>
          <FormHelperText>{t('start.areasHelp')}</FormHelperText>
        </div>
        <div>
          <Button type="submit" variant="contained" disabled={!name.trim() || !chosen.length || start.isPending} data-testid="stocktake-start-submit">{t('start.submit')}</Button>
        </div>
      </Stack>
    </Paper>
  );
}

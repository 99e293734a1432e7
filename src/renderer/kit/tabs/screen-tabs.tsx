import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';

export interface ScreenTab {
  id: string;
  label: string;
  render: () => ReactNode;
}

/**
 * A screen made of a few tabs (a volunteer's list, schedule and hours …). The open tab is the
 * route's `tab` query parameter, so a reload or bookmark reopens it; switching tabs drops the
 * other parameters, the filters of the tab left behind (each SearchList keeps its own in the URL).
 * The open tab is also kept in state: a SearchList writing its filters drops `tab` from the URL.
 */
export function ScreenTabs({ tabs, label }: { tabs: readonly ScreenTab[]; label: string }) {
  const [params, setParams] = useSearchParams();
  const [open, setOpen] = useState(() => params.get('tab'));
  // A link with ?tab= wins; without one (a list wrote its filters) the tab open stays open.
  const wanted = params.get('tab') ?? open;
  const current = tabs.find((t) => t.id === wanted) ?? tabs[0];
  if (!current) return null;
  return (
    <Box>
      <Tabs
        value={current.id} aria-label={label} variant="scrollable" scrollButtons="auto"
        onChange={(_e, id: string) => {
          setOpen(id);
          setParams({ tab: id });
        }} sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}
      >
        {tabs.map((t) => (
          <Tab key={t.id} value={t.id} label={t.label} id={`tab-${t.id}`} aria-controls={`tabpanel-${t.id}`} data-testid={`tab-${t.id}`} />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`tabpanel-${current.id}`} aria-labelledby={`tab-${current.id}`}>
        {current.render()}
      </Box>
    </Box>
  );
}

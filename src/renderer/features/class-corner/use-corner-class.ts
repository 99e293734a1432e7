import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { classCornerCalls as C, type CornerClass } from '../../../shared/api/class-corner.ts';
import { call } from '../../lib/api-client.ts';

/** The class last chosen on any class-corner screen, for the next one this session. */
const KEY = 'lib.classCorner.class';

function remembered(): number | null {
  try {
    const v = Number(sessionStorage.getItem(KEY));
    return Number.isInteger(v) && v > 0 ? v : null;
  } catch {
    return null;
  }
}

export interface CornerClassPick {
  classes: readonly CornerClass[];
  /** Library staff: every class, chosen in a picker. */
  all: boolean;
  deptId: number | null;
  current: CornerClass | null;
  setDeptId(id: number | null): void;
  loading: boolean;
  error: unknown;
}

/**
 * The class a class-corner screen works on: the gateway lists the classes the user acts for. A
 * class librarian or head teacher with one class gets it without a picker; with several, the first
 * until they choose; library staff choose (the last choice is remembered for the session).
 */
export function useCornerClass(): CornerClassPick {
  const [chosen, setChosen] = useState<number | null>(remembered);
  const { i18n } = useTranslation();
  // Names come in the language shown; the corner's counts change under other screens: asked afresh on each visit.
  const q = useQuery({ queryKey: ['class-corner', 'classes', i18n.language], queryFn: () => call(C.getClasses, { Page: 1, Rows: 1000 }), staleTime: 0 });
  const classes = q.data?.List ?? [];
  const all = q.data?.AllClasses ?? false;
  const current = classes.find((c) => c.ID === chosen) ?? (!all || classes.length === 1 ? classes[0] : undefined) ?? null;
  return {
    classes, all, current, deptId: current?.ID ?? null, loading: q.isPending, error: q.error,
    setDeptId(id) {
      setChosen(id);
      try {
        if (id == null) sessionStorage.removeItem(KEY);
        else sessionStorage.setItem(KEY, String(id));
      } catch {
        // Storage refused (private mode): the choice lasts for this screen only.
      }
    },
  };
}

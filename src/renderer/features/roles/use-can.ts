import { useSession } from '../../lib/use-session.ts';

/** Whether the signed-in user holds an operation key (buttons hide; the gateway checks anyway). */
export function useCanDo(op: string): boolean {
  const ops = useSession().menus?.Operations ?? [];
  return ops.includes('*') || ops.includes(op);
}

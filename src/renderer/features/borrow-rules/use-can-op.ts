import { useSession } from '../../lib/use-session.ts';

/** Whether the signed-in user holds an operation key ('*' holds all); the gateway checks anyway. */
export function useCanOp(key: string): boolean {
  const ops = useSession().menus?.Operations ?? [];
  return ops.includes('*') || ops.includes(key);
}

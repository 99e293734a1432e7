import { useSession } from './use-session.ts';

/** Whether the signed-in user holds an operation key ('*' holds all); the gateway checks anyway. */
export function useCanOp(key: string | undefined): boolean {
  const ops = useSession().menus?.Operations ?? [];
  return key == null || ops.includes('*') || ops.includes(key);
}

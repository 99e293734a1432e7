import { useSession } from '../lib/use-session.ts';
import { permOf, type ResourceAction, type ResourceDef } from './resource.ts';

/** Whether the signed-in user's operation keys allow an action ('*' allows all; no key = open). */
export function useCan(r: ResourceDef): (action: ResourceAction) => boolean {
  const ops = useSession().menus?.Operations ?? [];
  return (action) => {
    const perm = permOf(r, action);
    return perm == null || ops.includes('*') || ops.includes(perm);
  };
}

/**
 * Jobs started in this tab, so the download panel shows them at once (before the list query
 * comes back), and the panel's open/closed state.
 */
type Listener = () => void;

export interface JobsState {
  /** DataIDs started here, newest first. */
  started: readonly string[];
  expanded: boolean;
}

let state: JobsState = { started: [], expanded: false };
const listeners = new Set<Listener>();
const emit = () => {
  for (const l of listeners) l();
};

export const jobsStore = {
  get: (): JobsState => state,
  subscribe(l: Listener): () => void {
    listeners.add(l);
    return () => listeners.delete(l);
  },
  track(dataId: string): void {
    state = { started: [dataId, ...state.started.filter((d) => d !== dataId)].slice(0, 20), expanded: true };
    emit();
  },
  setExpanded(expanded: boolean): void {
    state = { ...state, expanded };
    emit();
  },
  reset(): void {
    state = { started: [], expanded: false };
    emit();
  },
};

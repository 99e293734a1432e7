// Preload of the guide kiosk: read-only channels only (no settings, no external links).
import { exposeBridge } from './expose.ts';

exposeBridge('guide');

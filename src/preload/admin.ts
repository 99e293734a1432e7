// Preload of the admin (librarian) window: every admin channel.
import { exposeBridge } from './expose.ts';

exposeBridge('admin');

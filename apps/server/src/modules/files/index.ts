import { defineModule } from '../../platform/module.ts';
import { files } from './tables.ts';

/**
 * Files: the metadata table and the store behind uploads (stamp images now; annexes and the
 * file manager grow from here). No routes of its own yet: each domain serves its
 * files through its own calls and permissions.
 */
export const module = defineModule({
  name: 'files',
  tables: [files],
});

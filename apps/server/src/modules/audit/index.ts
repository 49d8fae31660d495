import { defineModule } from '../../platform/module.ts';
import { auditLog } from './service.ts';
import { auditLogs } from './tables.ts';

export const module = defineModule({
  name: 'audit',
  tables: [auditLogs],
  audit: auditLog,
});

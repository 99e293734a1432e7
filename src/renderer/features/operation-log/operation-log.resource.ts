import { operationEntrySchema, operationLogCalls as L } from '../../../shared/api/operation-log.ts';
import { defineResource } from '../../kit/resource.ts';

/** /sys/log/operation: the operation log, read-only; labels under `resources.operation-log` in locales/<lang>/operation-log.json. */
export const operationLogResource = defineResource({
  id: 'operation-log',
  ns: 'operation-log',
  calls: { list: L.search, export: L.export },
  schema: operationEntrySchema,
  idField: 'ID',
  displayField: 'Action',
});

import { readerCalls, readerSchema } from '../../../shared/api/readers.ts';
import { defineResource } from '../../kit/resource.ts';

/** Readers (/user-transfer): list with masked phones, the full entity from GetReader for the form. */
export const readerResource = defineResource({
  id: 'reader',
  ns: 'readers',
  calls: {
    list: readerCalls.getUserList,
    get: readerCalls.getReader,
    create: readerCalls.addReader,
    update: readerCalls.updateReader,
    delete: readerCalls.deleteReader,
    export: readerCalls.exportReaders,
    importPreview: readerCalls.importPreview,
    importCommit: readerCalls.importCommit,
  },
  schema: readerSchema,
  idField: 'ID',
  displayField: 'Name',
  fields: {
    DeptID: { ref: { call: readerCalls.getDeptOptions, value: 'ID', label: 'Name', input: {} } },
    Photo: { hidden: true },
    PhotoUrl: { hidden: true },
    UpdateTime: { hidden: true },
  },
});

/** The list screen's variant: the Photo field is shown in the form (as the photo widget slot); import and export keep it hidden. */
export const readerFormResource = defineResource({ ...readerResource, fields: { ...readerResource.fields, Photo: { hidden: false } } });

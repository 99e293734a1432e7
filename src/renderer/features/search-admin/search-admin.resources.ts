import { blockedWordSchema, hotWordSchema, searchAdminCalls as C, searchLogSchema, searchWordSchema } from '../../../shared/api/search-admin.ts';
import { defineResource } from '../../kit/resource.ts';

/** Kit resources of /search-mana: two small word tables edited in place and two views of the search log. */
export const hotWordResource = defineResource({
  id: 'hot-word', ns: 'search-admin',
  calls: { list: C.getHotWordList, create: C.addHotWord, update: C.updateHotWord, delete: C.deleteHotWord },
  schema: hotWordSchema, idField: 'ID', displayField: 'Word',
});

export const blockedWordResource = defineResource({
  id: 'blocked-word', ns: 'search-admin',
  calls: { list: C.getBlockedWordList, create: C.addBlockedWord, update: C.updateBlockedWord, delete: C.deleteBlockedWord },
  schema: blockedWordSchema, idField: 'ID', displayField: 'Word',
});

export const searchWordResource = defineResource({
  id: 'search-word', ns: 'search-admin', calls: { list: C.getSearchWords }, schema: searchWordSchema, idField: 'Word', displayField: 'Word',
});

export const searchLogResource = defineResource({
  id: 'search-log', ns: 'search-admin', calls: { list: C.getSearchLog }, schema: searchLogSchema, idField: 'ID', displayField: 'Word',
});

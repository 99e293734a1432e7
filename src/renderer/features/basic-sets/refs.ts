import { basicSetsCalls as c } from '../../../shared/api/basic-sets.ts';
import type { RefSpec } from '../../kit/fields/field-spec.ts';

/** Select sources shared by the basic-sets screens (the kit's ref widget loads them). */
export const branchRef: RefSpec = { call: c.branchList, value: 'ID', label: 'Name' };
export const areaRef: RefSpec = { call: c.locationList, value: 'ID', label: 'Name' };
export const zoneRef: RefSpec = { call: c.shelfAreaList, value: 'ID', label: 'Name' };
export const shelfRef: RefSpec = { call: c.shelfList, value: 'ID', label: 'Code' };

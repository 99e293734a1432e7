import { LookupTable } from '../../kit/lookup-table/lookup-table.tsx';
import { resourceTypeResource } from './resource-type.resource.ts';

/** /resource-mana/basic-Set/resource-type: a small table edited in place. */
export default function ResourceTypeScreen() {
  return (
    <>
      <LookupTable config={{ resource: resourceTypeResource, fields: ['Code', 'Name', 'EnName', 'Sort'], defaultEntry: { Sort: 0, EnName: '' } }} />
    </>
  );
}

import { CrudScreen } from '../../kit/crud/crud-screen.tsx';
import { shelfResource } from './shelf.resource.ts';

/** /resource-mana/basic-set/location-num: shelf numbers (书架号). */
export default function ShelfScreen() {
  return (
    <>
      <CrudScreen
        config={{
          resource: shelfResource,
          columns: ['Code', 'Name', 'AreaName', 'ShelfAreaName', 'WidthCm', 'Faces', 'Layers', 'Columns', 'PositionCount'],
          filters: ['AreaID', 'SearchKey'],
          form: { fields: ['AreaID', 'ShelfAreaID', 'Code', 'Name', 'WidthCm', 'Faces', 'Layers', 'Columns', 'Sort'] },
          defaultEntry: { WidthCm: 80, Faces: 1, Layers: 5, Columns: 1, Sort: 0, ShelfAreaID: null },
        }}
      />
    </>
  );
}

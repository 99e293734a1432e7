import { MarcImportFlow } from './marc-import-flow.tsx';

/** /resource-mana/resource/marc-catalog-import: catalogue records only, no copies. */
export default function MarcCatalogImportScreen() {
  return <MarcImportFlow catalogueOnly />;
}

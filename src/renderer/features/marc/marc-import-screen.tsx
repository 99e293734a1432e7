import { MarcImportFlow } from './marc-import-flow.tsx';

/** /resource-mana/resource/marc-import: titles with their copies. */
export default function MarcImportScreen() {
  return <MarcImportFlow catalogueOnly={false} />;
}

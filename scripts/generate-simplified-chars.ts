// Generates src/shared/domain/search/simplified-chars.ts from opencc-js's traditional → simplified
// table, so the gateway and the renderer fold characters without loading OpenCC's dictionaries
// (26 MB and 55 ms at every start for 3,500 pairs). Run when opencc-js changes:
// `node scripts/generate-simplified-chars.ts`; scripts/simplified-chars-table.test.ts fails until then.
import { readFileSync, writeFileSync } from 'node:fs';
import { characterMap, renderModule } from './simplified-chars-table.ts';

const version = (JSON.parse(readFileSync(new URL('../node_modules/opencc-js/package.json', import.meta.url), 'utf8')) as { version: string }).version;
writeFileSync(new URL('../src/shared/domain/search/simplified-chars.ts', import.meta.url), renderModule(characterMap(), version));

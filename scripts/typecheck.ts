// Type-checks each process folder with its own tsconfig (DOM only in the renderer, Node only in
// main/gateway), so a wrong-direction import fails to compile. Plain -p runs: tsc -b would need
// composite + emit, which this project never uses (Vite and Node type stripping run the sources).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const projects = ['src/shared', 'src/gateway', 'src/main', 'src/preload', 'src/renderer', 'test', 'scripts'];
let failed = 0;
for (const p of projects) {
  if (!existsSync(`${p}/tsconfig.json`)) continue;
  const r = spawnSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', p], { stdio: 'inherit' });
  if (r.status !== 0) { failed++; console.error(`typecheck failed: ${p}`); }
}
process.exit(failed ? 1 : 0);

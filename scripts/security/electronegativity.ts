// Runs Electronegativity (Doyensec's Electron security checks) over src/ and fails on any finding
// not suppressed in security/electronegativity-suppressions.json with a written reason. The tool
// itself exits 0 whatever it finds, so its SARIF is read here. A suppression that matches
// nothing fails too: the list must stay true as the code changes.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

interface Suppression { rule: string; file: string; reason: string }
interface Finding { rule: string; file: string; line: number; text: string }

const root = resolve(import.meta.dirname, '../..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> };
const electron = pkg.devDependencies.electron!.replace(/^[^\d]*/, '');
const suppressions = JSON.parse(readFileSync(join(root, 'security/electronegativity-suppressions.json'), 'utf8')) as Suppression[];

const dir = mkdtempSync(join(tmpdir(), 'electronegativity-'));
const sarif = join(dir, 'report.sarif');
try {
  const run = spawnSync(process.execPath, [
    join(root, 'node_modules/@doyensec/electronegativity/dist/index.js'),
    '-i', join(root, 'src'), '-e', electron, '-r', '-v', 'false', '-x', 'AvailableSecurityFixesGlobalCheck', '-o', sarif,
  ], { encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: `--require ${join(root, 'scripts/security/offline-guard.cjs')}` } });
  if (run.status !== 0) {
    console.error(run.stdout, run.stderr);
    throw new Error(`electronegativity exited with ${run.status}`);
  }
  const report = JSON.parse(readFileSync(sarif, 'utf8')) as {
    runs: { results: { ruleId: string; message: { text: string }; locations: { physicalLocation: { artifactLocation: { uri: string }; region?: { startLine?: number } } }[] }[] }[];
  };
  const findings: Finding[] = report.runs.flatMap((r) => r.results).map((x) => ({
    rule: x.ruleId,
    file: x.locations[0]!.physicalLocation.artifactLocation.uri.replace(/^file:\/\/\/?/, ''),
    line: x.locations[0]!.physicalLocation.region?.startLine ?? 0,
    text: x.message.text,
  }));
  const matches = (s: Suppression, f: Finding) => s.rule === f.rule && s.file === f.file;
  const problems: string[] = [];
  for (const s of suppressions) {
    if (s.reason.trim().length < 20) problems.push(`suppression ${s.rule} ${s.file} has no written reason`);
    if (!findings.some((f) => matches(s, f))) problems.push(`suppression ${s.rule} ${s.file} matches no finding any more: remove it`);
  }
  for (const f of findings) {
    if (!suppressions.some((s) => matches(s, f))) problems.push(`${f.rule} at src/${f.file}:${f.line}: ${f.text}`);
  }
  if (problems.length) {
    console.error(`electronegativity: ${problems.length} problem(s)\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    process.exitCode = 1;
  } else {
    console.log(`electronegativity: ${findings.length} findings, each suppressed with a reason (security/electronegativity-suppressions.json)`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}

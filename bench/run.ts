// `pnpm bench`: runs every bench/*.bench.ts one after the other (never in parallel: they would
// measure each other) and prints their tables. Each prints ratios against its own baseline.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';

const dir = new URL('.', import.meta.url).pathname;
const benches = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .sort();
let failed = 0;
for (const file of benches) {
  console.log(`\n== ${file}`);
  // The service runs as `pnpm start` runs it (package.json; docs/service.md, Memory).
  const service = file === 'service.bench.ts';
  const flags = service ? ['--max-semi-space-size=4', '--max-old-space-size=1024'] : [];
  const env = service ? { ...process.env, MALLOC_ARENA_MAX: '2' } : process.env;
  const run = spawnSync(process.execPath, [...flags, dir + file], { stdio: 'inherit', env });
  if (run.status !== 0) failed++;
}
process.exitCode = failed ? 1 : 0;

// Regenerates contracts/asyncapi.json from the zod schemas: `pnpm asyncapi`.
import { writeFileSync } from 'node:fs';
import { buildAsyncApiDocument } from '../src/asyncapi/build-asyncapi.ts';

const target = new URL('../asyncapi.json', import.meta.url);
writeFileSync(target, JSON.stringify(buildAsyncApiDocument(), null, 2) + '\n');
console.log(`wrote ${target.pathname}`);

// Regenerates contracts/asyncapi.json from the zod schemas and appends each changed event schema to
// contracts/published-schemas.json (never rewriting a revision): `pnpm asyncapi`.
import { readFileSync, writeFileSync } from 'node:fs';
import { buildAsyncApiDocument } from '../src/asyncapi/build-asyncapi.ts';
import { publishedEventSchemas } from '../src/events/published-events.ts';
import { historyWithToday, type PublishedSchemaHistory } from '../src/events/published-schema-history.ts';

const target = new URL('../asyncapi.json', import.meta.url);
writeFileSync(target, JSON.stringify(buildAsyncApiDocument(), null, 2) + '\n');
console.log(`wrote ${target.pathname}`);

const historyFile = new URL('../published-schemas.json', import.meta.url);
const history = JSON.parse(readFileSync(historyFile, 'utf8')) as PublishedSchemaHistory;
writeFileSync(historyFile, JSON.stringify(historyWithToday(history, publishedEventSchemas), null, 2) + '\n');
console.log(`wrote ${historyFile.pathname}`);

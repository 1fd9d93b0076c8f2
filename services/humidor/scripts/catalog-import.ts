/**
 * npm run catalog:import -- <file.json|file.csv> [more files] [--kind brands|cigars|lounges] [--if-empty]
 *
 * Validates every row of every file first and reports the bad ones by line; a run with any bad row
 * imports nothing. Valid files are upserted by id (ratings kept from reviews survive), then the whole catalog is
 * announced as a paged job (services/humidor/src/store/catalog-announce.ts): this run announces what it can in 5 minutes
 * and humidor's minute schedule continues the rest; a run cut while writing rows is simply run again. Without
 * TABLE_NAME it targets the local stack's humidor table (npm start must be running); in AWS set
 * TABLE_NAME (and credentials) to the deployed humidor table.
 */
import { readFileSync, existsSync } from 'node:fs';
import { extname, resolve } from 'node:path';

const args = process.argv.slice(2);
const flag = (name: string) => args.includes(name);
const kindAt = args.indexOf('--kind');
const kind = kindAt >= 0 ? (args[kindAt + 1] as 'brands' | 'cigars' | 'lounges') : undefined;
const files = args.filter((a, i) => !a.startsWith('--') && (kindAt < 0 || i !== kindAt + 1));
const root = resolve(import.meta.dirname, '../../..');

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

if (!files.length) fail('Usage: npm run catalog:import -- <file.json|file.csv> [--kind brands|cigars|lounges] [--if-empty]');
if (kind && !['brands', 'cigars', 'lounges'].includes(kind)) fail(`--kind must be brands, cigars or lounges, not ${kind}`);

if (!process.env.TABLE_NAME) {
  const stateFile = resolve(root, process.env.DATA_DIR ?? '.data', 'local.json');
  const state = existsSync(stateFile) ? (JSON.parse(readFileSync(stateFile, 'utf8')) as { ports?: { dynamodb?: number } }) : {};
  if (!state.ports?.dynamodb) fail('No local stack found: start it with `npm start`, or set TABLE_NAME to import into AWS.');
  Object.assign(process.env, {
    TABLE_NAME: 'torcedor-humidor', DYNAMODB_ENDPOINT: `http://127.0.0.1:${state.ports.dynamodb}`,
    AWS_REGION: process.env.AWS_REGION ?? 'us-east-1', AWS_ACCESS_KEY_ID: process.env.AWS_ACCESS_KEY_ID ?? 'local', AWS_SECRET_ACCESS_KEY: process.env.AWS_SECRET_ACCESS_KEY ?? 'local',
  });
}

const { parseCatalogFile } = await import('../src/domain/catalog-file.ts');
const { catalogVersion, loadCatalog, writeCatalog } = await import('../src/store/catalog.ts');

if (flag('--if-empty') && (await catalogVersion()) > 0) {
  console.log('Catalog already imported; nothing to do.');
  process.exit(0);
}

const existing = await loadCatalog();
const rows = { brands: [] as never[], cigars: [] as never[], lounges: [] as never[] } as Parameters<typeof writeCatalog>[0];
let bad = 0;
const brandsInFiles = new Set<string>();
const parsed = files.map((file) => {
  const text = readFileSync(resolve(file), 'utf8');
  const format = extname(file).toLowerCase() === '.csv' ? 'csv' : 'json';
  return { file, format, text } as const;
});
// Brands first, so cigars may refer to brands of another file of the same run.
for (const p of parsed) {
  const r = parseCatalogFile(p.text, p.format, { kind, existingBrandIds: new Set() });
  r.rows.brands.forEach((b) => brandsInFiles.add(b.id));
}
for (const p of parsed) {
  const r = parseCatalogFile(p.text, p.format, { kind, existingBrandIds: new Set([...existing.brands.map((b) => b.id), ...brandsInFiles]) });
  for (const e of r.errors) console.error(`${p.file}:${e.line || '-'} ${e.where}: ${e.message}`);
  bad += r.errors.length;
  rows.brands.push(...r.rows.brands);
  rows.cigars.push(...r.rows.cigars);
  rows.lounges.push(...r.rows.lounges);
}
if (bad) fail(`${bad} problem${bad === 1 ? '' : 's'} found: nothing was imported.`);
const result = await writeCatalog(rows);
console.log(`Imported ${rows.brands.length} brands, ${rows.cigars.length} cigars, ${rows.lounges.length} lounges.`);
console.log(result.announced
  ? `Catalog version ${result.catalogVersion}: ${result.cigarsAnnounced} cigars announced.`
  : `Catalog version ${result.catalogVersion}: ${result.cigarsAnnounced} cigars announced so far; humidor's minute schedule announces the rest.`);

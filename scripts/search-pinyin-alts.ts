// Prints the INSERT of search_pinyin_alts (migration 0048): every other toneless reading pinyin-pro knows for each
// GB2312 character of search_pinyin_chars (read from migration 0046), so 差旅 is found by chailv as well as chalv.
// Usage: npx tsx scripts/search-pinyin-alts.ts > /tmp/alts.sql
import fs from 'node:fs';
import { pinyin } from 'pinyin-pro';

const source = fs.readFileSync(new URL('../server/db/migrations/0046_search.sql', import.meta.url), 'utf8');
const rows: string[] = [];
for (const [, ch, primary] of source.matchAll(/\('(.)','([a-z]+)'\)/gu)) {
  const readings = pinyin(ch!, { multiple: true, toneType: 'none', type: 'array', v: true })
    .map((r) => r.toLowerCase().replace(/[^a-z]/g, ''))
    .filter((r) => r && r !== primary);
  for (const reading of new Set(readings)) rows.push(`('${ch}','${reading}')`);
}
for (let i = 0; i < rows.length; i += 1000)
  console.log(
    `INSERT INTO "search_pinyin_alts" ("ch", "pinyin") VALUES ${rows.slice(i, i + 1000).join(',')};\n--> statement-breakpoint`,
  );
console.error(`${rows.length} other readings`);

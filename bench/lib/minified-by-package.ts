import fs from 'node:fs/promises';
import { SourceMapConsumer, type RawSourceMap } from 'source-map-js';

/** The package a source of the map belongs to: the last node_modules segment, else the app or the bundler runtime. */
export function packageOf(source: string | null): string {
  if (!source) return '(no source: bundler runtime, glue)';
  const parts = source.split('node_modules/');
  if (parts.length > 1) return /^(@[^/]+\/[^/]+|[^/]+)/.exec(parts.at(-1)!)?.[1] ?? 'node_modules';
  return /(^|\/)src\//.test(source) ? 'app code (src/)' : `other: ${source.replace(/^webpack:\/\/\/?/, '')}`;
}

/**
 * Minified bytes per package of one emitted JS file, read through its source map: every generated span between two
 * mappings is charged to the source of the first. This is what a package costs after minification (source-map-explorer's
 * method), where module sizes count the unminified source.
 */
export async function minifiedBytesByPackage(
  jsFile: string,
  into = new Map<string, number>(),
): Promise<Map<string, number>> {
  const code = await fs.readFile(jsFile, 'utf8');
  const map = JSON.parse(await fs.readFile(`${jsFile}.map`, 'utf8')) as RawSourceMap;
  const lines = code.split('\n');
  const consumer = new SourceMapConsumer(map);
  const spans: { line: number; column: number; source: string | null }[] = [];
  consumer.eachMapping(
    (m) => spans.push({ line: m.generatedLine, column: m.generatedColumn, source: m.source }),
    null,
    SourceMapConsumer.GENERATED_ORDER,
  );
  const add = (name: string, text: string) => into.set(name, (into.get(name) ?? 0) + Buffer.byteLength(text, 'utf8'));
  spans.forEach((span, i) => {
    const next = spans[i + 1];
    const text = lines[span.line - 1] ?? '';
    add(packageOf(span.source), text.slice(span.column, next && next.line === span.line ? next.column : undefined));
  });
  return into;
}

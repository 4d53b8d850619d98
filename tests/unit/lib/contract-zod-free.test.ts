import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// docs/adding-a-module.md §2: zod schemas live in contract/<module>-schemas.ts (server only); every other contract
// file is zod-free, because the client imports its values. A value import of zod anywhere the client reaches puts
// zod's ~25 KB gzip into a chunk (the build-side check is tests/e2e/client-bundle.test.ts).
const ROOT = join(__dirname, '../../..');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

const isZod = (specifier: string) => specifier === 'zod' || specifier.startsWith('zod/');
const isSchemaFile = (specifier: string) => /-schemas(\.ts)?$/.test(specifier);

/** Whether the bundler drops the declaration: `import type`, or only `type` specifiers (`import { type A }`). */
function typeOnly(node: ts.ImportDeclaration | ts.ExportDeclaration): boolean {
  if (ts.isExportDeclaration(node)) {
    if (node.isTypeOnly) return true;
    const clause = node.exportClause;
    return (
      !!clause && ts.isNamedExports(clause) && clause.elements.length > 0 && clause.elements.every((e) => e.isTypeOnly)
    );
  }
  const clause = node.importClause;
  if (!clause) return false; // `import 'x'` runs the module
  if (clause.isTypeOnly) return true;
  const named = clause.namedBindings;
  return (
    !clause.name &&
    !!named &&
    ts.isNamedImports(named) &&
    named.elements.length > 0 &&
    named.elements.every((e) => e.isTypeOnly)
  );
}

interface ModuleReference {
  specifier: string;
  typeOnly: boolean;
  line: number;
}

/** Every module a file imports or re-exports from, including `import('x')` calls and `require('x')`. */
function references(fileName: string, text: string): ModuleReference[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const found: ModuleReference[] = [];
  const at = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
  const visit = (node: ts.Node) => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      found.push({ specifier: node.moduleSpecifier.text, typeOnly: typeOnly(node), line: at(node) });
    } else if (
      ts.isCallExpression(node) &&
      (node.expression.kind === ts.SyntaxKind.ImportKeyword ||
        (ts.isIdentifier(node.expression) && node.expression.text === 'require'))
    ) {
      const [arg] = node.arguments;
      if (arg && ts.isStringLiteral(arg)) found.push({ specifier: arg.text, typeOnly: false, line: at(node) });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const where = (path: string, r: ModuleReference) => `${relative(ROOT, path)}:${r.line} → ${r.specifier}`;

/** A contract file that is not a schemas file: no zod at all (not even its types), and schema files for types only. */
function contractOffences(path: string, text: string): string[] {
  if (isSchemaFile(path.replace(/\.ts$/, ''))) return [];
  return references(path, text)
    .filter((r) => isZod(r.specifier) || (isSchemaFile(r.specifier) && !r.typeOnly))
    .map((r) => where(path, r));
}

/** Client code (src/, sw/): zod and the schema files for types only. */
function clientOffences(path: string, text: string): string[] {
  return references(path, text)
    .filter((r) => (isZod(r.specifier) || isSchemaFile(r.specifier)) && !r.typeOnly)
    .map((r) => where(path, r));
}

describe('zod stays on the server', () => {
  it('the rules catch what they are meant to catch', () => {
    const contract = join(ROOT, 'contract/example.ts');
    expect(contractOffences(contract, "import { z } from 'zod';")).toHaveLength(1);
    expect(contractOffences(contract, "import type { z } from 'zod';")).toHaveLength(1);
    expect(contractOffences(contract, "export { roomBody } from './meeting-schemas';")).toHaveLength(1);
    expect(contractOffences(contract, "import { roomBody, type RoomBody } from './meeting-schemas';")).toHaveLength(1);
    expect(
      contractOffences(
        contract,
        "import type { RoomBody } from './meeting-schemas';\nexport type { RoomBody } from './meeting-schemas';",
      ),
    ).toEqual([]);
    expect(contractOffences(join(ROOT, 'contract/example-schemas.ts'), "import { z } from 'zod';")).toEqual([]);
    const client = join(ROOT, 'src/example.ts');
    expect(clientOffences(client, "import { z } from 'zod';")).toHaveLength(1);
    expect(clientOffences(client, "const m = await import('@contract/meeting-schemas');")).toHaveLength(1);
    expect(clientOffences(client, "import 'zod/mini';")).toHaveLength(1);
    expect(
      clientOffences(client, "import type { z } from 'zod';\nimport { type StartBody } from '@contract/flow-schemas';"),
    ).toEqual([]);
  });

  it('contract files other than *-schemas.ts import no zod, and schema files only as types', () => {
    const offences = files(join(ROOT, 'contract')).flatMap((path) =>
      contractOffences(path, readFileSync(path, 'utf8')),
    );
    expect(offences).toEqual([]);
  });

  it('the client (src/, sw/) imports zod and the schema files only as types', () => {
    const all = [...files(join(ROOT, 'src')), ...files(join(ROOT, 'sw'))];
    expect(all.length).toBeGreaterThan(100);
    const offences = all.flatMap((path) => clientOffences(path, readFileSync(path, 'utf8')));
    expect(offences).toEqual([]);
  });
});

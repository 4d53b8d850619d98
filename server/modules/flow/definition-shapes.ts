import { inArray } from 'drizzle-orm';
import type { FlowGraph, FormField } from '@contract/flow';
import type { Db } from '../../db/client';
import { flowDefinitions } from '../../db/schema';

/** What a list row needs of its definition besides its name: the form (summary) and the graph (快速审批). */
export interface DefinitionShape {
  formSchema: FormField[];
  graph: FlowGraph;
}

/**
 * Definitions by id, per database handle. A definition row never changes its form or graph (a changed process is a
 * new version row; only `enabled` is ever updated), so a list reads each definition once per process instead of
 * sending its form and graph (about 1.4 KB of JSON) with every row of every page.
 */
const shapes = new WeakMap<Db, Map<string, DefinitionShape>>();

export async function withDefinitionShapes<R extends { definitionId: string }>(
  db: Db,
  rows: R[],
): Promise<(R & DefinitionShape)[]> {
  let known = shapes.get(db);
  if (!known) shapes.set(db, (known = new Map()));
  const missing = [...new Set(rows.map((r) => r.definitionId).filter((id) => !known.has(id)))];
  if (missing.length) {
    const found = await db
      .select({ id: flowDefinitions.id, formSchema: flowDefinitions.formSchema, graph: flowDefinitions.graph })
      .from(flowDefinitions)
      .where(inArray(flowDefinitions.id, missing));
    for (const { id, ...shape } of found) known.set(id, shape);
  }
  return rows.map((row) => ({ ...row, ...known.get(row.definitionId)! }));
}

import { and, eq, max } from 'drizzle-orm';
import type { FlowGraph, FormField } from '@contract/flow';
import type { Db } from '../../db/client';
import { flowDefinitions } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { GraphError, validateGraph } from './engine/graph';

/** Checks that every field a graph or node refers to exists in the form. */
function checkReferences(schema: FormField[], graph: FlowGraph): void {
  const keys = new Set(schema.map((f) => f.key));
  if (keys.size !== schema.length) throw new AppError(400, '表单字段标识重复');
  for (const field of schema) {
    if (field.requiredWhen && !keys.has(field.requiredWhen.field))
      throw new AppError(400, `字段「${field.label}」的必填条件字段不存在`);
    if (field.computed) {
      // a day count is a number worked out from a date range of the same form
      const from = schema.find((f) => f.key === field.computed!.from);
      if (field.type !== 'number' || from?.type !== 'daterange')
        throw new AppError(400, `字段「${field.label}」须为数字，并按表单中的日期范围计算`);
    }
  }
  for (const node of graph.nodes) {
    for (const branch of node.branches ?? [])
      if (!keys.has(branch.when.field)) throw new AppError(400, `节点「${node.name}」的条件字段不存在`);
    for (const field of node.editableFields ?? [])
      if (!keys.has(field)) throw new AppError(400, `节点「${node.name}」的可编辑字段不存在`);
  }
}

/** Saves a definition as a new version of its code (earlier versions are disabled; running instances keep theirs). */
export async function saveDefinition(
  tx: Db,
  body: {
    code: string;
    category: string;
    name: string;
    icon: string;
    isDocument: boolean;
    formSchema: FormField[];
    graph: FlowGraph;
  },
) {
  try {
    validateGraph(body.graph);
  } catch (error) {
    if (error instanceof GraphError) throw new AppError(400, error.message);
    throw error;
  }
  checkReferences(body.formSchema, body.graph);
  const [latest] = await tx
    .select({ version: max(flowDefinitions.version) })
    .from(flowDefinitions)
    .where(eq(flowDefinitions.code, body.code));
  const version = (latest?.version ?? 0) + 1;
  await tx
    .update(flowDefinitions)
    .set({ enabled: false })
    .where(and(eq(flowDefinitions.code, body.code), eq(flowDefinitions.enabled, true)));
  const [saved] = await tx
    .insert(flowDefinitions)
    .values({ ...body, version, enabled: true })
    .returning({ id: flowDefinitions.id, version: flowDefinitions.version });
  return saved!;
}

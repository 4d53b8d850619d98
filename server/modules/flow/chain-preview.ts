import { and, eq } from 'drizzle-orm';
import type { FlowGraph, FormField, RouteStep } from '@contract/flow';
import { pickFormFields } from '@contract/flow-form-rules';
import type { Db } from '../../db/client';
import { flowDefinitions } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { routeAhead } from './route-ahead';

/**
 * The start form's 审批流程: the approval nodes a submit would walk through with the form as it stands, each with the
 * people its rule names for this applicant now. The same walk (engine/route-ahead.ts) as the detail's 后续节点, on a
 * draft that has not been stored, so the preview and the submit follow the same branches.
 */
export async function previewChain(
  db: Db,
  initiatorId: string,
  definitionId: string,
  formData: Record<string, unknown>,
): Promise<RouteStep[]> {
  const [definition] = await db
    .select()
    .from(flowDefinitions)
    .where(and(eq(flowDefinitions.id, definitionId), eq(flowDefinitions.enabled, true)));
  if (!definition) throw new AppError(404, '流程不存在或已停用');
  const formSchema = definition.formSchema as FormField[];
  return routeAhead(db, {
    graph: definition.graph as FlowGraph,
    formSchema,
    status: 'draft',
    initiatorId,
    formData: pickFormFields(formSchema, formData),
    tasks: [],
    actions: [],
  });
}

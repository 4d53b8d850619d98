import type { FlowGraph, FormField } from '@contract/flow';
import { demoDicts } from './dict-data';
import { demoId } from './demo-ids';

/** One process of the demo catalogue (flow-definitions.ts lists them in catalogue order). */
export interface DemoDefinition {
  code: string;
  category: string;
  name: string;
  icon: string;
  isDocument?: boolean;
  formSchema: FormField[];
  graph: FlowGraph;
}

/** A select field's options from a demo dictionary. */
export const options = (dict: string) => demoDicts[dict]![1].map(([label, value]) => ({ label, value }));
/** A demo user's id by username, for fixed approvers. */
export const user = (username: string) => demoId(`user:${username}`);

import type { FlowAbilities } from '@contract/flow';
import { advanceFrom, nodeById } from './graph';
import { editableFieldsOf } from './move-on';
import { addCopyRefusal, copyAgainRefusal, urgeRefusal, withdrawRefusal } from '../policy';
import { returnTargetsOf } from './plan-actions';
import { removableSigners } from './cosign';
import { pendingTasks, type EngineState } from './state';

export const NO_ABILITIES: FlowAbilities = {
  approve: false,
  reject: false,
  return: false,
  transfer: false,
  addSigner: false,
  withdraw: false,
  urge: false,
  opinionRequired: false,
  returnTargets: [],
  editableFields: [],
  nextChosenNode: null,
};

/** What `userId` may do on the instance now: the detail page shows exactly these actions; the planners and the
 * rules of ../policy.ts refuse the rest with the same answers. */
export function abilitiesFor(
  state: EngineState,
  userId: string,
): FlowAbilities & { taskId: string | null; removableTaskIds: string[] } {
  // the service puts names to the co-signers the caller may remove
  const abilities: FlowAbilities & { taskId: string | null; removableTaskIds: string[] } = {
    ...NO_ABILITIES,
    taskId: null,
    removableTaskIds: removableSigners(state, userId).map((t) => t.id),
  };
  const pending = pendingTasks(state);
  const myTask = pending.find((t) => t.assigneeId === userId);
  if (myTask?.group?.kind === 'delegate') {
    // 委派: the delegate's one action is their opinion; the one who delegated decides
    Object.assign(abilities, { taskId: myTask.id, reply: true, opinionRequired: true });
  } else if (myTask) {
    const node = nodeById(state.graph, myTask.nodeId);
    const atStart = node.type === 'start';
    const next = advanceFrom(state.graph, node, state.formData).stop;
    Object.assign(abilities, {
      taskId: myTask.id,
      approve: true,
      reject: !atStart,
      return: !atStart,
      transfer: !atStart,
      addSigner: !atStart,
      delegate: !atStart,
      opinionRequired: Boolean(node.opinionRequired),
      needSign: Boolean(node.needSign),
      editableFields: editableFieldsOf(state, node),
      nextChosenNode: next?.type === 'approval' && next.assignee?.type === 'chosen' ? next.name : null,
      returnTargets: returnTargetsOf(state, node.id).map((n) => ({
        nodeId: n.id,
        nodeName: n.type === 'start' ? `${n.name}（发起人）` : n.name,
      })),
    });
  }
  if (state.initiatorId === userId) {
    abilities.withdraw = withdrawRefusal(state, userId) === null;
    abilities.urge = urgeRefusal(state, userId) === null;
    abilities.editDraft = state.status === 'draft';
    abilities.addCopy = addCopyRefusal(state, userId) === null;
    abilities.copyAgain = copyAgainRefusal(state, userId) === null;
  }
  return abilities;
}

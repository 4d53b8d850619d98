import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { chainPreviewQueryOptions } from '../api/preview-chain';
import { waitingOn } from './trace-timeline';
import './start-chain.css';

// long enough that typing a reason does not ask the server per key, short enough to follow a picked date at once
const CHAIN_DEBOUNCE_MS = 400;

function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * 审批流程 on the start form: who will handle the request, node by node, along the branch the values choose now (the
 * server's engine walks it), so the applicant knows before 提交. `chosenApprovers`: a first node the applicant picks.
 */
export function StartChain({
  definitionId,
  values,
  firstNodeChosen,
  chosenApprovers,
}: {
  definitionId: string;
  values: Record<string, unknown>;
  firstNodeChosen: boolean;
  chosenApprovers: string[];
}) {
  const settled = useSettled(values, CHAIN_DEBOUNCE_MS);
  const { data, isError, isPending } = useQuery(chainPreviewQueryOptions(definitionId, settled));
  const who = (handlers: string[], signMode: 'all' | 'any', chosenLater: boolean, first: boolean) => {
    if (first && firstNodeChosen) return chosenApprovers.length ? chosenApprovers.join('、') : '由你选择审批人';
    return waitingOn(handlers, signMode, chosenLater);
  };
  return (
    <section className="flow-card start-chain" aria-label="审批流程">
      <h3 className="flow-card-title">审批流程</h3>
      {data ? (
        data.steps.length ? (
          <ol className="start-chain-steps">
            {data.steps.map((step, i) => (
              <li key={`${step.nodeName}-${i}`} className="start-chain-step">
                {i > 0 && (
                  <span className="start-chain-arrow" aria-hidden="true">
                    →
                  </span>
                )}
                <span className="start-chain-box">
                  <span className="start-chain-node">{step.nodeName}</span>
                  <span className="start-chain-who">
                    {who(step.handlers, step.signMode, step.chosenLater, i === 0)}
                  </span>
                </span>
              </li>
            ))}
          </ol>
        ) : (
          <p className="start-chain-note">无需审批，提交后直接通过</p>
        )
      ) : (
        <p className="start-chain-note">
          {isError ? '暂时无法获取审批流程，提交后可在详情中查看' : isPending ? '正在获取审批流程...' : ''}
        </p>
      )}
    </section>
  );
}

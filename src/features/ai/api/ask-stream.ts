import { useCallback, useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { AiMessage, AiStreamEvent } from '@contract/ai';
import { applyEvent, emptyAnswer, type AnswerRecord } from '@contract/ai-answer';
import { postEventStream } from '@/api/event-stream';
import { isOnline } from '@/offline/online-status';
import { afterAsk, aiKeys } from './ai-keys';
import { NEEDS_NETWORK_TEXT } from './write-conversation';
import { messagesQueryOptions } from './get-messages';

/** The question being answered now, with the answer as it streams in (history holds it once stored). */
export interface LiveTurn {
  conversationId: string;
  question: string;
  answer: AnswerRecord;
  streaming: boolean;
  /** messages in history when it was asked: once history holds two more, the stored copy replaces this one */
  baseCount: number;
  /** false when the question never reached the server (offline, refused): nothing will replace it */
  reachedServer: boolean;
}

const INTERRUPTED_TEXT = '回答中断，请重试';

function parseEvent(data: string): AiStreamEvent | null {
  try {
    const event = JSON.parse(data) as AiStreamEvent;
    return event && typeof event === 'object' && typeof event.type === 'string' ? event : null;
  } catch {
    return null;
  }
}

/**
 * Asks and streams one answer at a time. `stop` closes the stream (the server then cancels the model request and
 * stores what was said so far); `retry` asks the same question again. Offline, the question is not sent and the turn
 * says plainly that the assistant needs the network.
 */
export function useAsk(currentConversationId: string | undefined) {
  const queryClient = useQueryClient();
  const [turn, setTurn] = useState<LiveTurn | null>(null);
  const controller = useRef<AbortController | null>(null);
  const askedIn = useRef<string | null>(null);

  const update = (edit: (t: LiveTurn) => LiveTurn) => setTurn((t) => (t ? edit(t) : t));

  const ask = useCallback(
    async (text: string, conversationId: string) => {
      const question = text.trim();
      if (!question) return;
      controller.current?.abort();
      const baseCount = queryClient.getQueryData<AiMessage[]>(aiKeys.messages(conversationId))?.length ?? 0;
      askedIn.current = conversationId;
      const start: LiveTurn = {
        conversationId,
        question,
        answer: emptyAnswer(),
        streaming: true,
        baseCount,
        reachedServer: false,
      };
      if (!isOnline()) {
        setTurn({
          ...start,
          streaming: false,
          answer: { ...start.answer, status: 'error', error: NEEDS_NETWORK_TEXT },
        });
        return;
      }
      const stop = new AbortController();
      controller.current = stop;
      setTurn(start);
      let ended = false;
      try {
        await postEventStream(
          `/api/ai/conversations/${encodeURIComponent(conversationId)}/ask`,
          { text: question },
          stop.signal,
          (data) => {
            const event = parseEvent(data);
            if (!event) return;
            ended ||= event.type === 'done' || event.type === 'error';
            update((t) => ({ ...t, reachedServer: true, answer: applyEvent(t.answer, event) }));
          },
        );
        if (!ended) update((t) => ({ ...t, answer: { ...t.answer, status: 'error', error: INTERRUPTED_TEXT } }));
      } catch (error) {
        if (stop.signal.aborted) update((t) => ({ ...t, answer: { ...t.answer, status: 'stopped' } }));
        else
          update((t) => ({
            ...t,
            answer: { ...t.answer, status: 'error', error: error instanceof Error ? error.message : INTERRUPTED_TEXT },
          }));
      } finally {
        if (controller.current === stop) controller.current = null;
        update((t) => ({ ...t, streaming: false }));
        const reload = () => {
          for (const key of afterAsk(conversationId)) void queryClient.invalidateQueries({ queryKey: key });
        };
        reload();
        // a stopped answer, and the title its question gives the conversation, are stored as the server notices the
        // closed stream (leaving the page stops it too): look again shortly after
        if (stop.signal.aborted) setTimeout(reload, 1000);
      }
    },
    [queryClient],
  );

  const stop = useCallback(() => controller.current?.abort(), []);

  // leaving the conversation stops its answer; the conversation being opened for a new question keeps it
  useEffect(() => {
    if (askedIn.current && askedIn.current !== currentConversationId) {
      controller.current?.abort();
      askedIn.current = null;
      setTurn(null);
    }
  }, [currentConversationId]);

  useEffect(() => () => controller.current?.abort(), []);

  // once history holds the stored question and answer, it shows them instead of the live copy
  const history = useQuery({
    ...messagesQueryOptions(currentConversationId ?? ''),
    enabled: Boolean(currentConversationId),
  });
  const storedCount = history.data?.length ?? 0;
  const stored = Boolean(
    turn &&
    !turn.streaming &&
    turn.reachedServer &&
    turn.conversationId === currentConversationId &&
    storedCount >= turn.baseCount + 2,
  );
  useEffect(() => {
    if (stored) setTurn(null);
  }, [stored]);

  return { history, turn: stored ? null : turn, ask, stop, streaming: Boolean(turn?.streaming) };
}

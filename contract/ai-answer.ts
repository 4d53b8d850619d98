import type { AiCard, AiMessage, AiStreamEvent, AiToolCallRecord } from './ai';

// Shared by the server (what it stores) and the page (what it shows while an answer streams), so the answer the
// user watched and the answer read back from history are folded by the same rule. Zod-free: the client imports it.

/** The stored form of one assistant answer, built from the events the client was sent (see AiMessage). */
export type AnswerRecord = Pick<AiMessage, 'content' | 'toolCalls' | 'cards' | 'status' | 'error'>;

/** Starts an empty answer: an answer cut off before any `done` or `error` (client gone, crash) reads as stopped. */
export function emptyAnswer(): AnswerRecord {
  return { content: '', toolCalls: [], cards: [], status: 'stopped', error: null };
}

/** Folds one stream event into the answer. */
export function applyEvent(answer: AnswerRecord, event: AiStreamEvent): AnswerRecord {
  switch (event.type) {
    case 'delta':
      return { ...answer, content: answer.content + event.text };
    case 'tool': {
      const call: AiToolCallRecord = { id: event.id, name: event.name, args: event.args };
      return { ...answer, toolCalls: [...answer.toolCalls, call] };
    }
    case 'card':
      return { ...answer, cards: [...answer.cards, event.card as AiCard] };
    case 'error':
      return { ...answer, status: 'error', error: event.message };
    case 'done':
      return { ...answer, status: event.stopped ? 'stopped' : 'complete' };
  }
}

import type { AiStreamEvent } from '@contract/ai';

// the fold itself is shared with the page (contract/ai-answer.ts): the route stores exactly what the user saw
export { applyEvent, emptyAnswer, type AnswerRecord } from '@contract/ai-answer';

/** One SSE frame for an event: `data: <json>` and the blank line that ends it. */
export function sseFrame(event: AiStreamEvent): string {
  return `data: ${JSON.stringify(event)}\n\n`;
}

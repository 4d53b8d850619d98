import type { ChatMessage, ChatModel, ModelChunk, ModelRequest } from '../model';
import { recognise } from './intents';
import { GREETING_TEXT, reasonTemplate, replyForTool, unknownText } from './replies';

/**
 * The built-in assistant used when no AI_BASE_URL is set: no network, Chinese intent rules, and the same tools as
 * a real model (it asks for a tool call, the conversation loop runs it with the user's permissions, then it words
 * the result). `now` anchors relative dates (明天, 下周一) and is passed in so tests can fix it.
 */
export function createEmbeddedModel(now: () => Date = () => new Date()): ChatModel {
  let callSeq = 0;
  return {
    async *complete({ messages, tools, asker }: ModelRequest): AsyncGenerator<ModelChunk> {
      const last = messages[messages.length - 1];
      const seesSetup = asker?.seesSetup === true;
      if (last?.role === 'tool') {
        yield { type: 'delta', text: afterTools(messages, seesSetup) };
        return;
      }
      const question = messages.findLast((m) => m.role === 'user');
      const intent = recognise(question?.role === 'user' ? question.content : '', now());
      if (intent.kind === 'tool' && tools.some((t) => t.function.name === intent.name)) {
        callSeq += 1;
        yield {
          type: 'tool_calls',
          calls: [{ id: `embedded_${callSeq}`, name: intent.name, arguments: JSON.stringify(intent.args) }],
        };
        return;
      }
      if (intent.kind === 'reason') yield { type: 'delta', text: reasonTemplate(intent) };
      else if (intent.kind === 'greeting') yield { type: 'delta', text: GREETING_TEXT };
      else yield { type: 'delta', text: unknownText(seesSetup) };
    },
  };
}

/** Words the results of the tool calls of the latest assistant turn. */
function afterTools(messages: ChatMessage[], seesSetup: boolean): string {
  const at = messages.findLastIndex((m) => m.role === 'assistant' && Boolean(m.tool_calls?.length));
  const asked = messages[at];
  if (!asked || asked.role !== 'assistant') return unknownText(seesSetup);
  // only this turn's answers: ids from an earlier, stored turn may repeat
  const answers = messages.slice(at + 1);
  return (asked.tool_calls ?? [])
    .map((call) => {
      const answer = answers.find((m) => m.role === 'tool' && m.tool_call_id === call.id);
      const parse = (text: string) => {
        try {
          return JSON.parse(text) as Record<string, unknown>;
        } catch {
          return {};
        }
      };
      return replyForTool(
        call.function.name,
        parse(call.function.arguments),
        parse(answer?.role === 'tool' ? answer.content : '{}'),
      );
    })
    .join('\n\n');
}

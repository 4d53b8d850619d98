import type { AiStreamEvent } from '@contract/ai';
import type { ChatMessage, ChatModel, ToolCall, ToolDefinition } from './model';
import { ModelError } from './model';
import { aiTools, runTool, type AiToolDeps, type AiUser } from './tools';

export interface ConversationInput {
  model: ChatModel;
  deps: AiToolDeps;
  user: AiUser;
  /** the history so far, ending with the user's new question (system prompt included by the caller, if any) */
  messages: ChatMessage[];
  /** the stop button / a closed client stream */
  signal: AbortSignal;
  /** model turns at most (each may ask for tools); default 4 */
  maxRounds?: number;
  tools?: ToolDefinition[];
}

/** The system prompt for an upstream model: who the user is and what the assistant may not do. */
export function systemPrompt(user: AiUser, now: Date): ChatMessage {
  const today = new Date(now.getTime() + 8 * 3600_000).toISOString().slice(0, 10);
  return {
    role: 'system',
    content:
      `你是协同办公系统的 AI 助手，用简体中文简洁回答，可使用 Markdown。当前用户：${user.realName}。今天是 ${today}（北京时间）。` +
      '需要用户自己的数据时调用工具；工具只能读取用户有权查看的数据。你不能提交、审批或发送任何东西：发起申请时只生成预填链接，请用户核对后自己提交。',
  };
}

/** A failure that names the server's settings to check (AI_BASE_URL, …) is for administrators; staff hear it plainly. */
function failureFor(user: AiUser, error: ModelError): string {
  if (user.seesSetup || !/AI_[A-Z_]+/.test(error.message)) return error.message;
  return 'AI助手暂时无法连接模型服务，请稍后再试；如果一直这样，请联系管理员';
}

const parseArgs = (call: ToolCall): Record<string, unknown> => {
  try {
    const value = JSON.parse(call.arguments || '{}');
    return value && typeof value === 'object' && !Array.isArray(value) ? value : {};
  } catch {
    return {};
  }
};

/**
 * One answer: asks the model, runs the tools it calls (as `user`, through `deps`), feeds the results back, and
 * yields the contract's stream events. Always ends with one `done` (stopped: true after a stop) or one `error`.
 * `messages` is extended in place with the assistant and tool turns, so the caller can store the transcript.
 */
export async function* runConversation(input: ConversationInput): AsyncGenerator<AiStreamEvent> {
  const { model, deps, user, messages, signal } = input;
  const tools = input.tools ?? aiTools;
  const maxRounds = input.maxRounds ?? 4;
  try {
    for (let round = 0; round < maxRounds; round++) {
      let text = '';
      let calls: ToolCall[] = [];
      for await (const chunk of model.complete({
        messages,
        tools,
        signal,
        asker: { seesSetup: user.seesSetup === true },
      })) {
        if (signal.aborted) break;
        if (chunk.type === 'delta') {
          text += chunk.text;
          yield { type: 'delta', text: chunk.text };
        } else {
          calls = chunk.calls;
        }
      }
      if (signal.aborted) {
        if (text) messages.push({ role: 'assistant', content: text });
        yield { type: 'done', stopped: true };
        return;
      }
      if (!calls.length) {
        messages.push({ role: 'assistant', content: text });
        yield { type: 'done' };
        return;
      }
      messages.push({
        role: 'assistant',
        content: text || null,
        tool_calls: calls.map((c) => ({
          id: c.id,
          type: 'function',
          function: { name: c.name, arguments: c.arguments },
        })),
      });
      for (const call of calls) {
        yield { type: 'tool', id: call.id, name: call.name, args: parseArgs(call) };
        const outcome = await runTool(deps, user, call);
        for (const card of outcome.cards) yield { type: 'card', toolCallId: call.id, card };
        messages.push({ role: 'tool', tool_call_id: call.id, content: JSON.stringify(outcome.result) });
      }
    }
    yield { type: 'error', message: '助手调用工具的次数过多，已停止，请换个说法再试' };
  } catch (error) {
    if (signal.aborted) {
      yield { type: 'done', stopped: true };
      return;
    }
    yield { type: 'error', message: error instanceof ModelError ? failureFor(user, error) : '助手出错了，请稍后重试' };
  }
}

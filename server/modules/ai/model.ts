/**
 * The one interface every "model" implements: the OpenAI-compatible upstream client and the embedded assistant.
 * Messages follow the chat-completions wire format so the upstream client can send them unchanged.
 */

/** A function the model may call, as chat-completions `tools[]` expects it. */
export interface ToolDefinition {
  type: 'function';
  function: { name: string; description: string; parameters: Record<string, unknown> };
}

/** A tool call the model asked for; `arguments` is the model's JSON text, parsed only by the executor. */
export interface ToolCall {
  id: string;
  name: string;
  arguments: string;
}

export type ChatMessage =
  | { role: 'system' | 'user'; content: string }
  | {
      role: 'assistant';
      content: string | null;
      tool_calls?: { id: string; type: 'function'; function: { name: string; arguments: string } }[];
    }
  | { role: 'tool'; tool_call_id: string; content: string };

/** What a model yields while it answers: text as it comes, then (at most once, last) the tool calls it wants. */
export type ModelChunk = { type: 'delta'; text: string } | { type: 'tool_calls'; calls: ToolCall[] };

export interface ModelRequest {
  messages: ChatMessage[];
  tools: ToolDefinition[];
  /** aborted when the user presses stop or closes the stream */
  signal: AbortSignal;
  /** who asks: the embedded assistant tells administrators alone how to connect a model */
  asker?: { seesSetup?: boolean };
}

/** A chat model. Failures are thrown as ModelError with a message the user can read. */
export interface ChatModel {
  complete(request: ModelRequest): AsyncIterable<ModelChunk>;
}

export type ModelErrorCode =
  'unreachable' | 'unauthorized' | 'rate_limited' | 'bad_request' | 'server' | 'timeout' | 'bad_stream' | 'aborted';

/** A model failure with a Chinese message safe to show (it never contains the API key or the upstream body). */
export class ModelError extends Error {
  constructor(
    readonly code: ModelErrorCode,
    message: string,
    /** the upstream HTTP status, when there was one */
    readonly status: number | null = null,
  ) {
    super(message);
    this.name = 'ModelError';
  }
}

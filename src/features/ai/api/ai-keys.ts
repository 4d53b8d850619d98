/** Every AI助手 query key in one place (root `ai`, persisted for offline reading by the module manifest). */
export const aiKeys = {
  all: ['ai'] as const,
  conversations: ['ai', 'conversations'] as const,
  messages: (conversationId: string) => ['ai', 'messages', conversationId] as const,
};

/** What an answer changes: the conversation's messages, and the list (its title and order). */
export const afterAsk = (conversationId: string): unknown[][] => [
  [...aiKeys.conversations],
  [...aiKeys.messages(conversationId)],
];

export { useMentions, type Mentions } from './use-mentions';
export { MentionPicker } from './mention-picker';

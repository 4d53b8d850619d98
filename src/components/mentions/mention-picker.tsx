import { OrgUserSelector } from '@/components/org-user-selector';
import type { Mentions } from './use-mentions';

/**
 * The organisation picker of a comment box's @提及. Imported with the page that offers it, not lazily on its own: a
 * chunk of its own would add its name to the first load's chunk map (tests/e2e/bundle-ratchet.test.ts).
 */
export function MentionPicker({ mentions }: { mentions: Mentions }) {
  return (
    <OrgUserSelector
      visible={mentions.picking}
      title="选择要提及的人"
      onClose={mentions.closePicker}
      onConfirm={mentions.handlePicked}
    />
  );
}

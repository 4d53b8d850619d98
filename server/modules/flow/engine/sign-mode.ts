/** After one handler approves: does the node complete now? 或签 completes on the first approval; 会签 when none is left. */
export function nodeCompletes(signMode: 'all' | 'any' | undefined, pendingLeft: number): boolean {
  return signMode === 'any' || pendingLeft === 0;
}

const sleepers = new Set<() => void>();

/** The workers of this process listen here (a process may hold several apps in tests). */
export function onDeliveryQueued(wake: () => void): () => void {
  sleepers.add(wake);
  return () => sleepers.delete(wake);
}

/** After a commit that queued deliveries: send them now rather than at the next poll (other processes poll). */
export function deliveriesQueued(): void {
  for (const wake of sleepers) wake();
}

/** Default room for what 离线同步 keeps (data and files): 200 MB, as issue 45 sets it. */
export const SYNC_BUDGET_BYTES = 200 * 1024 * 1024;

/** One kept file: its size, the time of the item it belongs to (oldest goes first), and the group it counts under. */
export interface KeptFile {
  size: number;
  at: number;
  group: string;
}

import type { ReactNode } from 'react';
import { usePermission, useRole } from '@/session/permissions';

interface GateProps {
  /** one or more permission strings / role codes; any one of them admits */
  value: string | string[];
  children: ReactNode;
  /** shown instead when not admitted (default: nothing, as the spec removes the element) */
  fallback?: ReactNode;
}

/** Spec §6 permission rule: the children only when the user holds *:*:* or one of the listed permissions. */
export function PermissionGate({ value, children, fallback = null }: GateProps) {
  return <>{usePermission(value) ? children : fallback}</>;
}

/** Spec §6 role rule: the children only when the user is admin or has one of the roles; no roles → 请设置角色权限标签值. */
export function RoleGate({ value, children, fallback = null }: GateProps) {
  return <>{useRole(value) ? children : fallback}</>;
}

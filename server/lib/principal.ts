/** Who is calling: what every policy decides on (loaded by the session module, set on the request by the auth plugin). */
export interface Principal {
  id: string;
  username: string;
  realName: string;
  orgId: string;
  status: string;
  roles: string[];
  permissions: string[];
  /** an initial password (npm run org:import) still to be changed: the server refuses all but a few calls till then */
  mustChangePassword?: boolean;
}

/** Who is calling: what every policy decides on (loaded by the session module, set on the request by the auth plugin). */
export interface Principal {
  id: string;
  username: string;
  realName: string;
  orgId: string;
  status: string;
  roles: string[];
  permissions: string[];
}

export type Role = "owner" | "member";

/** Who is calling: a member of one workspace, authenticated by an API JWT or the UI session. */
export interface Actor {
  userId: string;
  workspaceId: string;
  role: Role;
  via: "jwt" | "session";
}

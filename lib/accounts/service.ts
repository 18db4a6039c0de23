import "server-only";
import { conflict } from "@/lib/api/errors";
import type { Role } from "@/lib/auth/actor";
import { decoyPasswordHash, hashPassword, verifyPassword } from "@/lib/auth/password";
import { getDb, Prisma } from "@/lib/db";
import { env } from "@/lib/env";

export interface SignUpInput {
  email: string;
  password: string;
  name?: string;
}

/** Creates a user and their own workspace, in one transaction. A known email is a 409. */
export async function signUp(input: SignUpInput) {
  const db = await getDb();
  const email = normalizeEmail(input.email);
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.$transaction(async (tx) => {
      const user = await tx.user.create({ data: { email, name: input.name ?? null, passwordHash } });
      const workspace = await tx.workspace.create({
        data: {
          name: input.name ? `${input.name}'s workspace` : "My workspace",
          maxChatflows: env.DEFAULT_MAX_CHATFLOWS ?? null,
        },
      });
      await tx.workspaceMember.create({
        data: { workspaceId: workspace.id, userId: user.id, role: "owner" },
      });
      return { id: user.id, email: user.email, name: user.name, workspaceId: workspace.id };
    });
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") {
      throw conflict("An account with this email already exists");
    }
    throw error;
  }
}

export interface AuthenticatedAccount {
  userId: string;
  email: string;
  name: string | null;
  workspaceId: string;
  role: Role;
}

/**
 * The account for these credentials in the given workspace (or the user's first one), or null.
 * Unknown emails cost the same hash as wrong passwords, so timing does not reveal which emails exist.
 */
export async function authenticate(
  emailInput: string,
  password: string,
  workspaceId?: string,
): Promise<AuthenticatedAccount | null> {
  const db = await getDb();
  const user = await db.user.findUnique({
    where: { email: normalizeEmail(emailInput) },
    include: {
      memberships: {
        where: workspaceId ? { workspaceId } : undefined,
        orderBy: { createdDate: "asc" },
        take: 1,
      },
    },
  });
  const passwordMatches = await verifyPassword(password, user?.passwordHash ?? decoyPasswordHash);
  const membership = user?.memberships[0];
  if (!user || !passwordMatches || !membership) return null;
  return {
    userId: user.id,
    email: user.email,
    name: user.name,
    workspaceId: membership.workspaceId,
    role: membership.role as Role,
  };
}

export async function getWorkspaceSummary(workspaceId: string) {
  const db = await getDb();
  return db.workspace.findUnique({ where: { id: workspaceId }, select: { id: true, name: true } });
}

const normalizeEmail = (email: string) => email.trim().toLowerCase();

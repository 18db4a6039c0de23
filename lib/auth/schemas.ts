import { z } from "zod";

export const signUpBody = z.object({
  email: z.email("email must be a valid email address").max(254),
  password: z.string().min(8, "password must be at least 8 characters").max(200),
  name: z.string().trim().min(1).max(100).optional(),
});

export const tokenBody = z.object({
  email: z.string().min(1, "email is required").max(254),
  password: z.string().min(1, "password is required").max(200),
  workspaceId: z.uuid("workspaceId must be a UUID").optional(),
});

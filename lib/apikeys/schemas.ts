import { z } from "zod";

export const apiKeyBody = z.object({ keyName: z.string().trim().min(1, "keyName is required").max(100) });

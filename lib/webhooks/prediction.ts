import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { deliverWebhook, type WebhookTarget } from "./deliver";

export interface PredictionCompletedEvent {
  event: "prediction.completed";
  chatflowId: string;
  chatId: string;
  sessionId: string;
  chatMessageId: string;
  question: string;
  text: string;
  usedTools: unknown[];
  sourceDocuments: unknown[];
  createdDate: string;
}

/**
 * Tells a prediction's webhook that it completed. Meant to run after the response (Next's
 * `after`), never in its way; never throws, logs the outcome (not the content).
 */
export async function sendPredictionWebhook(
  target: WebhookTarget,
  event: PredictionCompletedEvent,
  options: { timeoutMs?: number; backoffMs?: number } = {},
): Promise<void> {
  const result = await deliverWebhook(target, event, {
    allowPrivate: env.ALLOW_PRIVATE_WEBHOOKS,
    ...options,
  });
  const fields = {
    chatflowId: event.chatflowId,
    chatMessageId: event.chatMessageId,
    host: new URL(target.url).host,
    ...result,
  };
  if (result.delivered) log.info("webhook delivered", fields);
  else log.warn("webhook not delivered", fields);
}

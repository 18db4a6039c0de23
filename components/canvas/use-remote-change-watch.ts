"use client";

import { useCallback, useEffect, useState } from "react";
import { callApi } from "@/lib/client/api";

const POLL_MS = 30_000;

/**
 * Asks `has-changed` every 30 s and whenever the tab regains focus, so an editor learns that
 * another tab or person saved the chatflow before their own save would overwrite it.
 */
export function useRemoteChangeWatch(chatflowId: string, updatedDate: string) {
  const [changedFor, setChangedFor] = useState<string | null>(null);
  const [dismissedFor, setDismissedFor] = useState<string | null>(null);

  useEffect(() => {
    let isCurrent = true;
    const check = () => {
      if (document.visibilityState !== "visible") return;
      callApi<{ hasChanged: boolean }>(
        `/chatflows/has-changed/${chatflowId}/${encodeURIComponent(updatedDate)}`,
      ).then(
        (answer) => {
          if (isCurrent && answer.hasChanged) setChangedFor(updatedDate);
        },
        () => undefined,
      );
    };
    const timer = setInterval(check, POLL_MS);
    window.addEventListener("focus", check);
    return () => {
      isCurrent = false;
      clearInterval(timer);
      window.removeEventListener("focus", check);
    };
  }, [chatflowId, updatedDate]);

  const dismiss = useCallback(() => setDismissedFor(updatedDate), [updatedDate]);
  return { hasChanged: changedFor === updatedDate && dismissedFor !== updatedDate, dismiss };
}

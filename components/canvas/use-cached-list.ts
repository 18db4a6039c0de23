"use client";

import { useEffect, useState } from "react";
import { errorMessage, listAll } from "@/lib/client/api";

// Credential and tool pickers appear in many node cards at once; they share one request per list.
const cache = new Map<string, Promise<unknown[]>>();

export function forgetCachedList(path?: string) {
  if (path) cache.delete(path);
  else cache.clear();
}

/** `path` may hold several list paths separated by newlines; their items are concatenated. */
function load<T>(path: string): Promise<T[]> {
  let pending = cache.get(path);
  if (!pending) {
    pending = Promise.all(path.split("\n").map((one) => listAll<unknown>(one))).then((lists) => lists.flat());
    pending.catch(() => cache.delete(path));
    cache.set(path, pending);
  }
  return pending as Promise<T[]>;
}

export function useCachedList<T>(
  path: string,
  generation = 0,
): { items: T[] | undefined; error: string | null } {
  const [state, setState] = useState<{ path: string; generation: number; items?: T[]; error: string | null }>(
    {
      path,
      generation,
      error: null,
    },
  );
  useEffect(() => {
    let isCurrent = true;
    load<T>(path).then(
      (items) => isCurrent && setState({ path, generation, items, error: null }),
      (caught) => isCurrent && setState({ path, generation, error: errorMessage(caught) }),
    );
    return () => {
      isCurrent = false;
    };
  }, [path, generation]);
  const isFresh = state.path === path && state.generation === generation;
  return { items: isFresh ? state.items : undefined, error: isFresh ? state.error : null };
}

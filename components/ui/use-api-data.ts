"use client";

import { useCallback, useEffect, useState, type Dispatch, type SetStateAction } from "react";
import { errorMessage } from "@/lib/client/api";

export interface ApiData<T> {
  /** undefined while the first load runs. */
  data: T | undefined;
  error: string | null;
  setData: Dispatch<SetStateAction<T | undefined>>;
  reload: () => void;
}

/**
 * Loads data once per `key` (and on reload). The result is applied only if the component is still
 * mounted with the same key, so a slow answer never overwrites a newer one.
 */
export function useApiData<T>(key: string | null, load: (signal: AbortSignal) => Promise<T>): ApiData<T> {
  const [data, setData] = useState<T | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    if (key === null) return;
    const controller = new AbortController();
    load(controller.signal).then(
      (value) => {
        if (controller.signal.aborted) return;
        setData(value);
        setError(null);
      },
      (caught) => {
        if (!controller.signal.aborted) setError(errorMessage(caught));
      },
    );
    return () => controller.abort();
    // `load` is expected to change with `key`; re-running on every render would loop.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, generation]);

  const reload = useCallback(() => setGeneration((value) => value + 1), []);
  return { data, error, setData, reload };
}

/**
 * At most `limit` holders at a time; the rest wait in order. A waiter whose signal aborts leaves
 * the queue and gets `null`.
 */
export function createSemaphore(limit: number) {
  let active = 0;
  const waiting: Array<() => void> = [];

  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else active -= 1;
  };

  async function acquire(signal?: AbortSignal): Promise<(() => void) | null> {
    if (signal?.aborted) return null;
    if (active < limit) {
      active += 1;
      return once(release);
    }
    return new Promise((resolve) => {
      const grant = () => {
        signal?.removeEventListener("abort", onAbort);
        resolve(once(release));
      };
      const onAbort = () => {
        const index = waiting.indexOf(grant);
        if (index >= 0) waiting.splice(index, 1);
        resolve(null);
      };
      waiting.push(grant);
      signal?.addEventListener("abort", onAbort, { once: true });
    });
  }

  return {
    acquire,
    get active() {
      return active;
    },
    get waiting() {
      return waiting.length;
    },
  };
}

function once(action: () => void) {
  let done = false;
  return () => {
    if (done) return;
    done = true;
    action();
  };
}

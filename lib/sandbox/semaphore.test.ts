import { describe, expect, it } from "vitest";
import { createSemaphore } from "./semaphore";

describe("createSemaphore", () => {
  it("lets `limit` holders in and queues the rest in order", async () => {
    const semaphore = createSemaphore(2);
    const first = await semaphore.acquire();
    const second = await semaphore.acquire();
    const order: number[] = [];
    const third = semaphore.acquire().then((release) => (order.push(3), release));
    const fourth = semaphore.acquire().then((release) => (order.push(4), release));
    await Promise.resolve();
    expect([semaphore.active, semaphore.waiting, order]).toEqual([2, 2, []]);
    first!();
    first!(); // releasing twice frees one place only
    (await third)!();
    (await fourth)!();
    second!();
    expect([semaphore.active, semaphore.waiting, order]).toEqual([0, 0, [3, 4]]);
  });

  it("gives null to a waiter whose signal aborts, and drops it from the queue", async () => {
    const semaphore = createSemaphore(1);
    const held = await semaphore.acquire();
    const controller = new AbortController();
    const waiting = semaphore.acquire(controller.signal);
    controller.abort();
    expect(await waiting).toBeNull();
    expect(semaphore.waiting).toBe(0);
    held!();
    expect(semaphore.active).toBe(0);
    expect(await semaphore.acquire(AbortSignal.abort())).toBeNull();
  });
});

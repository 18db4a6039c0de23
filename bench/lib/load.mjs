// Load generation (autocannon) with exact latencies: autocannon's own histogram rounds to whole
// milliseconds, so each response's duration (a float) is also collected from its `response` event.
import autocannon from "autocannon";

export const round = (value, digits = 2) =>
  value === undefined || Number.isNaN(value) ? null : Math.round(value * 10 ** digits) / 10 ** digits;

/** p50/p90/p99/mean/max of a list of milliseconds. */
export function summarize(values) {
  const samples = values.filter((value) => typeof value === "number" && !Number.isNaN(value));
  if (samples.length === 0) return { n: 0, p50: null, p90: null, p99: null, mean: null, max: null };
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return {
    n: sorted.length,
    p50: round(at(0.5)),
    p90: round(at(0.9)),
    p99: round(at(0.99)),
    mean: round(sorted.reduce((sum, value) => sum + value, 0) / sorted.length),
    max: round(sorted.at(-1)),
  };
}

/**
 * Runs autocannon and returns requests per second (2xx only), statuses and the latency of 2xx
 * answers. `options` are autocannon's (url, method, headers, body, connections, duration).
 */
export function cannon(options) {
  return new Promise((resolve, reject) => {
    const latencies = [];
    const statuses = {};
    const instance = autocannon({ duration: 10, ...options }, (error, result) => {
      if (error) return reject(error);
      const ok = latencies.length;
      resolve({
        rps: round(ok / (result.duration || options.duration || 10), 1),
        connections: options.connections ?? 10,
        requests: result.requests.total,
        statuses,
        errors: result.errors + result.timeouts,
        latency: summarize(latencies),
      });
    });
    instance.on("response", (_client, statusCode, _bytes, responseTime) => {
      statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
      if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
    });
  });
}

/** Runs `task` `count` times one after another and returns each duration in milliseconds. */
export async function timeSequential(count, task) {
  const samples = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    await task(i);
    samples.push(performance.now() - started);
  }
  return samples;
}

/**
 * Samples a process's RSS every 100 ms (except while paused) until stopped; returns the peak.
 * `phase(name)` labels the readings that follow, so that `peaks()` tells where the peak was.
 */
export function sampleRss(read) {
  let peak = read();
  let paused = false;
  let label = "start";
  const peaks = {};
  const take = () => {
    const value = read();
    peak = Math.max(peak, value);
    peaks[label] = Math.max(peaks[label] ?? 0, value);
  };
  const timer = setInterval(() => {
    if (!paused) take();
  }, 100);
  return {
    phase: (name) => (label = name),
    pause: () => (paused = true),
    resume: () => (paused = false),
    peaks: () => ({ ...peaks }),
    stop: () => {
      clearInterval(timer);
      if (!paused) take();
      return peak;
    },
  };
}

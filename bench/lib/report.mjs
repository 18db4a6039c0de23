// Turns a run's results into the printed table, docs/benchmarks.md and its chart (a hand-written
// SVG, docs/benchmarks.svg). The notes in bench/notes.md (profiles, what stands in the way) are
// copied into the document as they are.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const ms = (value) => (value === null || value === undefined ? "–" : `${value} ms`);
const rps = (value) => (value === null || value === undefined ? "–" : `${Math.round(value)} req/s`);
const pair = (summary) => `${ms(summary.p50)} / ${ms(summary.p99)}`;

/** The issue's targets, each with the measured value and whether it is met. */
export function evaluateTargets(r) {
  const zero = r.prediction.zeroDelay;
  const ceiling = r.ping.c16.rps;
  const history1k = r.history.messages1000?.latency.p50;
  const history100k = (r.history.messages100000 ?? r.history.messages10000)?.latency.p50;
  const upsertMin = Math.min(r.upsert.chunks1k.chunksPerSecond, r.upsert.chunks10k.chunksPerSecond);
  const loadPeak = r.memory.underLoadMb;
  return [
    ["Prediction overhead p50 (1 connection)", "≤ 5 ms", zero.c1.overhead.p50, zero.c1.overhead.p50 <= 5, ms],
    [
      "Prediction overhead p99 (1 connection)",
      "≤ 25 ms",
      zero.c1.overhead.p99,
      zero.c1.overhead.p99 <= 25,
      ms,
    ],
    ["Prediction throughput, 16 connections", "≥ 300 req/s", zero.c16.rps, zero.c16.rps >= 300, rps],
    [
      "… as a share of the ping ceiling",
      "≥ 60%",
      Math.round((zero.c16.rps / ceiling) * 100),
      zero.c16.rps >= 0.6 * ceiling,
      (value) => `${value}% of ${Math.round(ceiling)} req/s`,
    ],
    [
      "API key vs anonymous, 16 connections",
      "as fast (≥ 90%)",
      Math.round((r.prediction.apiKeyC16.rps / r.prediction.anonymousC16.rps) * 100),
      r.prediction.apiKeyC16.rps >= 0.9 * r.prediction.anonymousC16.rps,
      (value) =>
        `${value}% (${Math.round(r.prediction.apiKeyC16.rps)} vs ${Math.round(r.prediction.anonymousC16.rps)} req/s)`,
    ],
    [
      "First streamed token after the model's, p50 (model streaming at 20 ms/token)",
      "≤ 2 ms",
      r.streaming.delay20.beyondModel.p50,
      r.streaming.delay20.beyondModel.p50 <= 2,
      (value) => `${ms(value)} (model answering all at once: ${ms(r.streaming.zeroDelay.beyondModel.p50)})`,
    ],
    [
      "Upsert",
      "≥ 2,000 chunks/s",
      upsertMin,
      upsertMin >= 2000,
      (value) => `${value} chunks/s (slower of 1k, 10k)`,
    ],
    [
      "Retrieval query p99 at 100k vectors",
      "≤ 50 ms",
      r.retrieval.at100k.chromaQuery.p99,
      r.retrieval.at100k.chromaQuery.p99 <= 50,
      ms,
    ],
    ["Idle RSS", "≤ 250 MB", r.memory.idleMb, r.memory.idleMb <= 250, (value) => `${value} MB`],
    [
      "RSS under load (peak of the load phases)",
      "≤ 400 MB",
      loadPeak,
      loadPeak <= 400,
      (value) => `${value} MB (1,000 open streams: ${r.streaming.openStreams.rssHeldMb} MB)`,
    ],
    [
      "Prediction p50 as history grows 1k → 100k messages",
      "flat (≤ +25% + 1 ms)",
      history100k,
      history100k <= history1k * 1.25 + 1,
      (value) => `${ms(history1k)} → ${ms(value)}`,
    ],
  ].map(([name, target, value, met, format]) => ({ name, target, value, shown: format(value), met }));
}

/** Every figure of the run, as [section, figure, value] rows. */
export function figures(r) {
  const rows = [];
  const add = (section, figure, value) => rows.push([section, figure, value]);
  const cs = r.coldStart;
  if (cs.withBuildMs) add("Start", "`npm start`, first (builds)", `${(cs.withBuildMs / 1000).toFixed(1)} s`);
  add(
    "Start",
    "`npm start`, later (build present)",
    cs.laterStartsMs.map((value) => `${(value / 1000).toFixed(1)} s`).join(", "),
  );
  add(
    "Framework",
    "`GET /api/v1/ping`, 1 / 16 connections",
    `${rps(r.ping.c1.rps)} / ${rps(r.ping.c16.rps)}`,
  );
  for (const [label, runs] of [
    ["model answers at once", r.prediction.zeroDelay],
    ["model at 20 ms/token", r.prediction.delay20],
  ]) {
    for (const [key, run] of Object.entries(runs)) {
      const connections = key.slice(1);
      add(
        `Prediction (${label})`,
        `${connections} connection${connections === "1" ? "" : "s"}: req/s · latency p50/p99 · model p50/p99 · overhead p50/p99`,
        `${rps(run.rps)} · ${pair(run.latency)} · ${pair(run.model)} · ${pair(run.overhead)}`,
      );
    }
  }
  add(
    "Prediction (access)",
    "API key (chatflow bound to the key) vs anonymous, 16 connections, alternating runs",
    `${rps(r.prediction.apiKeyC16.rps)} (${r.prediction.apiKeyC16.rounds.join(", ")}) vs ${rps(r.prediction.anonymousC16.rps)} (${r.prediction.anonymousC16.rounds.join(", ")})`,
  );
  for (const [label, run] of [
    ["model at once", r.streaming.zeroDelay],
    ["model at 20 ms/token", r.streaming.delay20],
  ]) {
    add(
      "Streaming",
      `first token (${label}): after the model's first token p50/p99 · from the request p50/p99`,
      `${pair(run.beyondModel)} · ${pair(run.firstToken)}`,
    );
  }
  const held = r.streaming.openStreams;
  add(
    "Streaming",
    `${held.streams} concurrent open streams (model: a token every 2 s): held at once · time to open all · memory per stream · completed/failed`,
    `${held.maxOpenAtOnce} · ${(held.openedInMs / 1000).toFixed(1)} s · ${held.kbPerStream} KB (${held.rssBeforeMb} → ${held.rssHeldMb} MB) · ${held.completed}/${held.failed}`,
  );
  for (const [name, run] of Object.entries(r.crud)) {
    add(
      "CRUD (1,000 rows per workspace, 16 connections)",
      name,
      `${rps(run.rps)} · p50/p99 ${pair(run.latency)}`,
    );
  }
  add(
    "Upsert",
    "1,000 chunks",
    `${r.upsert.chunks1k.chunksPerSecond} chunks/s (${r.upsert.chunks1k.seconds} s)`,
  );
  add(
    "Upsert",
    `${r.upsert.chunks10k.chunks.toLocaleString("en")} chunks`,
    `${r.upsert.chunks10k.chunksPerSecond} chunks/s (${r.upsert.chunks10k.seconds} s)`,
  );
  const direct = r.upsert.chromaDirect;
  add(
    "Upsert",
    "for comparison: Chroma alone (client → server, batches of 5,000, embeddings computed beforehand)",
    `${direct.vectorsPerSecond} vectors/s (${direct.vectors.toLocaleString("en")} in ${direct.seconds} s)`,
  );
  for (const run of Object.values(r.retrieval)) {
    add(
      "Retrieval",
      `${run.vectors.toLocaleString("en")} vectors: Chroma query p50/p99 · the same with a metadata filter · retrieval QA prediction p50/p99`,
      `${pair(run.chromaQuery)} · ${pair(run.chromaQueryWithMetadataFilter)} · ${pair(run.prediction)}`,
    );
  }
  add("Sandbox", "tool call, cold (first after each start)", r.coldStart.firstToolCallMs.map(ms).join(", "));
  add(
    "Sandbox",
    "tool call, warm p50/p99 · 8 connections",
    `${pair(r.sandbox.warm)} · ${rps(r.sandbox.warmC8.rps)}`,
  );
  add(
    "Memory",
    "RSS idle · peak under load · after load",
    `${r.memory.idleMb} · ${r.memory.underLoadMb} · ${r.memory.afterLoadMb} MB`,
  );
  add(
    "Memory",
    "peak RSS by phase",
    `${Object.entries(r.memory.peakByPhaseMb ?? {})
      .map(([phase, mb]) => `${phase} ${mb}`)
      .join(" · ")} MB`,
  );
  for (const run of Object.values(r.history)) {
    add(
      "History",
      `${run.storedMessages.toLocaleString("en")} stored messages in the session: latency p50/p99`,
      pair(run.latency),
    );
  }
  return rows;
}

export function printTable(r) {
  const rows = figures(r);
  const width = Math.max(...rows.map(([section, figure]) => section.length + figure.length + 3));
  console.log("");
  for (const [section, figure, value] of rows) {
    console.log(`${`${section} › ${figure}`.replace(/`/g, "").padEnd(width)}  ${value}`);
  }
  console.log("\nTargets:");
  for (const target of evaluateTargets(r)) {
    console.log(`  ${target.met ? "met   " : "MISSED"}  ${target.name} (${target.target}): ${target.shown}`);
  }
}

export function writeDocs(r, root) {
  writeFileSync(path.join(root, "docs/benchmarks.svg"), chart(r));
  const notesFile = path.join(root, "bench/notes.md");
  const notes = existsSync(notesFile) ? readFileSync(notesFile, "utf8").trim() : "";
  const targets = evaluateTargets(r);
  const m = r.machine;
  const lines = [
    "# Benchmarks",
    "",
    `Generated by \`${r.command}\` (\`npm run bench\`) on ${r.date.slice(0, 10)}; the whole run took ${Math.round(r.durationS / 60)} minutes. Raw numbers: \`bench/results/latest.json\`.`,
    "",
    "**Read these as a floor, not a ceiling.** The machine is a shared 2-core VM: other work was running " +
      `(load average ${m.loadAverageAtStart.join(" / ")} at the start, ${m.loadAverageAtEnd.join(" / ")} at the end), ` +
      "and the load generator, the mock model server, PostgreSQL, Redis and Chroma all share the same two cores with the app. " +
      "Numbers move by tens of percent between runs.",
    "",
    "## Machine",
    "",
    `- CPU: ${m.cpus} × ${m.cpuModel}`,
    `- Memory: ${m.totalMemGb} GB`,
    `- ${m.platform}, Node ${m.node}`,
    "- PostgreSQL 15 (a fresh database), Redis 7 (rate limiter backend), Chroma 1.0 (npm server), on the same machine",
    "",
    "## Setup",
    "",
    `- The production build served by \`${r.settings.startCommand}\` (what \`npm start\` runs), \`LOG_LEVEL=error\`.`,
    "- The model is the test suite's mock OpenAI-compatible server (`test/support/mock-openai.mjs`) in a process of its own: " +
      "first answering at once, then at 20 ms per token (`mock-delay-20`). Its own time per answer is recorded by the mock, so " +
      "**overhead = the app's latency − the model's latency** (p50 from p50, p99 from p99).",
    "- Load: autocannon, " +
      `${r.settings.loadSeconds} s per phase (${r.settings.shortSeconds} s for CRUD, sandbox and history phases); latencies are each response's exact duration.`,
    "- Predictions: a conversation chain with buffer memory; each request starts a new session (no `chatId`) unless said otherwise.",
    "- The first streamed token is timed from the moment the mock wrote the model's first token to the moment the client read the app's token event (both clocks are this machine's).",
    '- 1,000 open streams: 1,000 streamed predictions at once against a model sending a token every 2 s (each stream lasts about 20 s); memory per stream = (peak RSS while all are open − lowest RSS before) / 1,000. Their peak is reported with them, not in "under load".',
    "- Retrieval: 10,000 chunks upserted through the API, then Chroma filled to 100,000 vectors directly; queries use the mock's 64-dimension embeddings, top 4.",
    "- History: one session's stored messages inserted in SQL (0 → 1k → 10k → 100k); each prediction reads the last 100 (buffer memory).",
    "",
    "Commands:",
    "",
    "```bash",
    "npm run bench                 # node bench/run.mjs: the whole run, first start rebuilds (~15 min)",
    "node bench/run.mjs --no-build # keep the existing build",
    "node bench/run.mjs --quick    # 2-second phases, small samples: tries the script, writes no docs",
    "```",
    "",
    "## Targets",
    "",
    "| Target | Goal | Measured | |",
    "|---|---|---|---|",
    ...targets.map((t) => `| ${t.name} | ${t.target} | ${t.shown} | ${t.met ? "met" : "**missed**"} |`),
    "",
    "![Requests per second](benchmarks.svg)",
    "",
    "## Every figure",
    "",
    "| Area | Figure | Value |",
    "|---|---|---|",
    ...figures(r).map(([section, figure, value]) => `| ${section} | ${figure} | ${value} |`),
    "",
    notes,
    "",
  ];
  writeFileSync(path.join(root, "docs/benchmarks.md"), lines.join("\n"));
}

/** A horizontal bar chart of requests per second, and one of latency as history grows. */
function chart(r) {
  const bars = [
    ["GET /ping (ceiling), 16 conn.", r.ping.c16.rps],
    ["Prediction, 1 conn.", r.prediction.zeroDelay.c1.rps],
    ["Prediction, 16 conn.", r.prediction.zeroDelay.c16.rps],
    ["Prediction, 64 conn.", r.prediction.zeroDelay.c64.rps],
    ["Prediction + API key, 16 conn.", r.prediction.apiKeyC16.rps],
    ["Prediction, 20 ms/token, 16 conn.", r.prediction.delay20.c16.rps],
    ["Prediction, 20 ms/token, 64 conn.", r.prediction.delay20.c64.rps],
    ...Object.entries(r.crud).map(([name, run]) => [`CRUD ${name}`, run.rps]),
    ["Sandbox tool call, 8 conn.", r.sandbox.warmC8.rps],
  ];
  const history = Object.values(r.history);
  const left = 250;
  const barWidth = 420;
  const rowHeight = 22;
  const top = 40;
  const max = Math.max(...bars.map(([, value]) => value));
  const barsHeight = top + bars.length * rowHeight + 20;
  const historyTop = barsHeight + 40;
  const historyHeight = 150;
  const height = historyTop + historyHeight + 50;
  const escape = (text) => String(text).replace(/&/g, "&amp;").replace(/</g, "&lt;");
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="760" height="${height}" viewBox="0 0 760 ${height}" font-family="sans-serif" font-size="12">`,
    `<rect width="760" height="${height}" fill="#ffffff"/>`,
    `<text x="16" y="24" font-size="15" font-weight="bold">Requests per second (2 shared cores; ${r.date.slice(0, 10)})</text>`,
  ];
  bars.forEach(([label, value], index) => {
    const y = top + index * rowHeight;
    const width = Math.max(1, Math.round((value / max) * barWidth));
    const color = label.startsWith("GET /ping")
      ? "#94a3b8"
      : label.startsWith("CRUD")
        ? "#0ea5e9"
        : label.startsWith("Sandbox")
          ? "#f59e0b"
          : "#4f46e5";
    parts.push(
      `<text x="${left - 8}" y="${y + 14}" text-anchor="end">${escape(label)}</text>`,
      `<rect x="${left}" y="${y + 3}" width="${width}" height="${rowHeight - 6}" fill="${color}"/>`,
      `<text x="${left + width + 6}" y="${y + 14}">${Math.round(value)}</text>`,
    );
  });
  parts.push(
    `<text x="16" y="${historyTop - 12}" font-size="15" font-weight="bold">Prediction latency p50 / p99 (ms) as a session's stored history grows</text>`,
  );
  const maxLatency = Math.max(...history.map((run) => run.latency.p99 ?? 0), 1);
  const columnWidth = 560 / history.length;
  history.forEach((run, index) => {
    const x = left - 150 + index * columnWidth;
    const scale = (value) => Math.round(((value ?? 0) / maxLatency) * historyHeight);
    const p50 = scale(run.latency.p50);
    const p99 = scale(run.latency.p99);
    const base = historyTop + historyHeight;
    parts.push(
      `<rect x="${x}" y="${base - p99}" width="36" height="${p99}" fill="#c7d2fe"/>`,
      `<rect x="${x + 40}" y="${base - p50}" width="36" height="${p50}" fill="#4f46e5"/>`,
      `<text x="${x + 18}" y="${base - p99 - 4}" text-anchor="middle">${run.latency.p99}</text>`,
      `<text x="${x + 58}" y="${base - p50 - 4}" text-anchor="middle">${run.latency.p50}</text>`,
      `<text x="${x + 38}" y="${base + 16}" text-anchor="middle">${run.storedMessages.toLocaleString("en")} msgs</text>`,
    );
  });
  parts.push(
    `<rect x="${left + 300}" y="${historyTop}" width="10" height="10" fill="#c7d2fe"/><text x="${left + 315}" y="${historyTop + 9}">p99</text>`,
    `<rect x="${left + 350}" y="${historyTop}" width="10" height="10" fill="#4f46e5"/><text x="${left + 365}" y="${historyTop + 9}">p50</text>`,
    "</svg>",
    "",
  );
  return parts.join("\n");
}

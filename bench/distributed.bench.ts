// `pnpm bench:distributed`: the same burst against the embedded default and the distributed shape with one and two
// signers, in one run on one machine, as ratios; times are printed, never asserted (docs/benchmarks.md).
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { embeddedConfigFromEnv, startEmbedded } from '@fe/all-in-one';
import { createLogger, systemClock, type EventStore } from '@fe/platform';
import { createPostgresPool, PostgresEventStore } from '@fe/platform-postgres';
import { burstInChild, type BurstResult } from './lib/burst.ts';
import { cpuByOwner, type CpuProfile } from './lib/cpu-profile-summary.ts';
import { settledTimelines } from './lib/burst-outcome.ts';
import {
  apiKeyIn,
  discardDistributedShape,
  prepareDistributedRun,
  recordedProcesses,
  startDistributedShape,
} from '../services/all-in-one/test-support/start-distributed.ts';
import { dropNamespace } from './lib/drop-namespace.ts';
import { percentile } from './lib/http-load.ts';
import { platformServers, type PlatformServers } from './lib/platform-servers.ts';
import { exitedChildrenMs, runQueue, treeSchedTimes, type SchedTimes } from './lib/process-cpu.ts';
import { pidListeningOn } from './lib/listening-pid.ts';
import { rsa2048CpuMs } from './lib/rsa-baseline.ts';
import { shapeCpu } from './lib/shape-cpu.ts';
import { formatRatio, formatRoundRatios } from './lib/rounds.ts';
import { stageGaps, type Timeline } from './lib/stage-times.ts';
import { threadCpuSnapshot } from './lib/thread-cpu.ts';

const count = Number(process.env.BENCH_INVOICES ?? 200);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 16);
const warmup = Number(process.env.BENCH_WARMUP ?? 20);
const rounds = Number(process.env.BENCH_ROUNDS ?? 1);
const logLevel = process.env.BENCH_LOG_LEVEL ?? 'info';
const idleMs = Number(process.env.BENCH_IDLE_MS ?? 60_000);
const root = resolve(import.meta.dirname, '..');
const loadGenerator = 'load generator (another process)';
const request = readFileSync(join(root, 'examples/invoice-request.json'), 'utf8');

/** PostgreSQL's WAL flushes (`pg_stat_wal`) and transactions, read-only ones included (`pg_stat_database`). */
type PostgresCounters = { syncs: number; syncMs: number; commits: number };

/** A started shape: where to send, how to read its events, what CPU its parts have used so far. */
type Running = {
  urls: string[];
  apiKey: string;
  store: EventStore;
  cpu(): Map<string, SchedTimes>;
  close(): Promise<string[] | void>;
  /** PostgreSQL's counters so far, on a server of the bench's own whose timing it may switch on. */
  postgresCounters?(): Promise<PostgresCounters>;
  /**
   * The counters once `close` has ended the shape: a backend reports its counts when it goes idle, at most once a
   * second and up to 10 s late, but at once when its connection ends.
   */
  postgresCountersAtExit?: PostgresCounters;
  /** The `cpu()` row that reaps the load processes (the bench's own process), to take their CPU out of. */
  reapsLoad?: string;
  /** The burst's window on the monotonic clock (µs), set by `measure`: the CPU profiles are summed over it only. */
  burstWindowUs?: { from: number; to: number };
};
type Arm = { name: string; start(): Promise<Running> };

type ArmResult = {
  name: string;
  burst: BurstResult;
  lines: Timeline[];
  complete: boolean;
  acceptedPerSecond: number;
  p50: number;
  p99: number;
  load: [number, number];
  /**
   * Per process: CPU per invoice (of which `exitedPerInvoice` by descendants that exited, such as PostgreSQL's
   * backends), share of a core, run-queue wait per invoice, idle CPU rate, and `beyondIdle`, since pollers' cost grows
   * with the window, not with the invoices.
   */
  cpu: {
    name: string;
    perInvoice: number;
    exitedPerInvoice: number;
    beyondIdle: number;
    busyPercent: number;
    waitPerInvoice: number;
    slicesPerInvoice: number;
    idlePerSecond: number;
  }[];
  /** With BENCH_CPU_PROFILE: where the processes' CPU went, by owner of the code. */
  profile: string[];
  /**
   * WAL flushes (fsyncs) per invoice and their mean duration, and transactions per invoice, when measured (filled
   * once the processes have exited).
   */
  postgres: { walFlushesPerInvoice: number; walFlushMeanMs: number; commitsPerInvoice: number }[];
};

async function startEmbeddedArm(): Promise<Running> {
  const dataDir = mkdtempSync(join(tmpdir(), 'fe-bench-embedded-'));
  const env = {
    FE_DATA_DIR: dataDir,
    FE_PORT: '0',
    FE_RATE_LIMIT_PER_SECOND: '1000000',
    FE_RATE_LIMIT_BURST: '1000000',
  };
  // Log lines are formatted at the level asked and dropped (the distributed processes write theirs to files).
  const logger = createLogger({ level: logLevel, destination: { write: () => {} } });
  const service = await startEmbedded(embeddedConfigFromEnv(env), env, logger, systemClock);
  const exited = 'embedded: children that exited';
  return {
    urls: [service.url],
    apiKey: service.demo.issuedApiKey!,
    store: service.eventStore,
    reapsLoad: exited,
    cpu: () =>
      new Map<string, SchedTimes>([
        ...[...threadCpuSnapshot()].map(([thread, ms]): [string, SchedTimes] => [
          `embedded: ${thread}`,
          { cpuMs: ms, waitMs: 0, slices: 0, exitedMs: 0 },
        ]),
        ['embedded: every thread', { cpuMs: 0, exitedMs: 0, ...runQueue('self') }], // the run queue is per process
        [exited, { cpuMs: exitedChildrenMs(), exitedMs: exitedChildrenMs(), waitMs: 0, slices: 0 }],
      ]),
    close: async () => {
      await service.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function distributedArm(servers: PlatformServers, signers: number): Arm {
  return {
    name: `distributed, ${signers} signer${signers > 1 ? 's' : ''}`,
    async start() {
      const profiles = process.env.BENCH_CPU_PROFILE ? mkdtempSync(join(tmpdir(), 'fe-bench-cpuprofile-')) : undefined;
      // The one harness of the tests (services/all-in-one/test-support/start-distributed.ts), a namespace of its own
      // per start.
      const shape = await prepareDistributedRun({
        namespace: 'bench',
        signers,
        servers: {
          FE_POSTGRES_URL: servers.postgresUrl,
          FE_KAFKA_BROKERS: servers.kafkaBrokers.join(','),
          FE_SCHEMA_REGISTRY_URL: servers.schemaRegistryUrl,
          FE_S3_ENDPOINT: servers.s3.endpoint,
          FE_S3_ACCESS_KEY: servers.s3.accessKey,
          FE_S3_SECRET_KEY: servers.s3.secretKey,
        },
        env: {
          FE_LOG_LEVEL: logLevel,
          ...(profiles ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${profiles}` } : {}),
          // The bench measures throughput, not the per-tenant rate limit.
          FE_RATE_LIMIT_PER_SECOND: '1000000',
          FE_RATE_LIMIT_BURST: '1000000',
        },
      });
      const removeAll = async () => {
        await discardDistributedShape(shape);
        await dropNamespace(shape).catch((error: Error) =>
          console.error(`removing the bench's namespace: ${error.message}`),
        );
      };
      let apiKey: string;
      try {
        apiKey = apiKeyIn(await startDistributedShape(shape));
        if (!apiKey) throw new Error('the start printed no demo API key');
      } catch (error) {
        await removeAll();
        throw error;
      }
      const processes = recordedProcesses(shape.dataDir);
      const storePool = createPostgresPool({
        connectionString: servers.postgresUrl,
        schema: shape.names.schema,
        max: 4,
      });
      const infra = await infraPids(servers);
      const pool = createPostgresPool({ connectionString: servers.postgresUrl, max: 1 });
      if (servers.postgresOwned)
        await pool.query('ALTER SYSTEM SET track_wal_io_timing = on').then(() => pool.query('SELECT pg_reload_conf()'));
      const running: Running = {
        urls: [shape.url, `http://127.0.0.1:${shape.ports.api + 1}`],
        apiKey,
        store: new PostgresEventStore(storePool),
        ...(servers.postgresOwned
          ? {
              postgresCounters: async () => {
                const { rows } = await pool.query<{ wal_sync: string; wal_sync_time: number; commits: string }>(
                  'SELECT wal_sync, wal_sync_time, (SELECT sum(xact_commit) FROM pg_stat_database) AS commits FROM pg_stat_wal',
                );
                const row = rows[0]!;
                return { syncs: Number(row.wal_sync), syncMs: row.wal_sync_time, commits: Number(row.commits) };
              },
            }
          : {}),
        close: async () => {
          await storePool.end();
          await removeAll(); // the processes write their profiles as they exit
          if (running.postgresCounters) running.postgresCountersAtExit = await running.postgresCounters();
          await pool.end();
          if (!profiles) return;
          const lines = summarizeProfiles(profiles, processes, running.burstWindowUs);
          if (process.env.BENCH_KEEP_PROFILES) lines.push(`    (profiles kept in ${profiles})`);
          else rmSync(profiles, { recursive: true, force: true });
          return lines;
        },
        cpu: () =>
          new Map([
            ...processes.map(({ name, pid }) => [name, treeSchedTimes(pid)] as const),
            ...infra.map(({ name, pid }) => [name, treeSchedTimes(pid)] as const),
          ]),
      };
      return running;
    },
  };
}

/**
 * The servers' processes, for their CPU: the bench's own PostgreSQL (or the infra's), the infra's Kafka, registry and
 * S3 (shared with whoever else uses them, named so: only their CPU beyond their idle rate is counted).
 */
async function infraPids(servers: PlatformServers): Promise<{ name: string; pid: number }[]> {
  const pids: { name: string; pid: number }[] = [];
  const pidIn = (file: string) => {
    try {
      return Number(readFileSync(file, 'utf8').split('\n')[0]);
    } catch {
      return undefined;
    }
  };
  const port = (url: string) => Number(new URL(url.includes('://') ? url : `tcp://${url}`).port);
  const pool = createPostgresPool({ connectionString: servers.postgresUrl, max: 1 });
  const dataDirectory = await pool
    .query<{ data_directory: string }>('SHOW data_directory')
    .then(
      (r) => r.rows[0]!.data_directory,
      () => undefined,
    )
    .finally(() => pool.end());
  // The postmaster: its backends, forked per connection, are its children (and in its reaped time once they exit).
  const postmaster = dataDirectory && pidIn(join(dataDirectory, 'postmaster.pid'));
  if (postmaster) pids.push({ name: `server: postgresql${servers.postgresOwned ? '' : ' (shared)'}`, pid: postmaster });
  const listeners = {
    kafka: servers.kafkaBrokers[0]!,
    registry: servers.schemaRegistryUrl,
    s3: servers.s3.endpoint,
  };
  for (const [name, url] of Object.entries(listeners)) {
    const pid = pidListeningOn(port(url));
    if (pid) pids.push({ name: `server: ${name} (shared)`, pid });
    else console.log(`no process found listening for ${name} at ${url}: its CPU is not counted`);
  }
  return pids;
}

/** Each process's profile (main thread and workers), by owner of the code; first the sum over all of them. */
function summarizeProfiles(
  dir: string,
  processes: { name: string; pid: number }[],
  window: { from: number; to: number } | undefined,
): string[] {
  const byPid = new Map(processes.map((p) => [p.pid, p.name]));
  const all = new Map<string, number>();
  const each: string[] = [];
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.cpuprofile'))
    .sort()) {
    const [, , , pid, thread] = file.split('.'); // CPU.<date>.<time>.<pid>.<thread id>.<seq>.cpuprofile
    const name = byPid.get(Number(pid));
    if (!name) continue; // the start's one-off prepare step
    const owners = cpuByOwner(JSON.parse(readFileSync(join(dir, file), 'utf8')) as CpuProfile, window);
    const total = owners.reduce((sum, [, ms]) => sum + ms, 0);
    for (const [owner, ms] of owners) all.set(owner, (all.get(owner) ?? 0) + ms);
    const top = owners
      .slice(0, 6)
      .map(([owner, ms]) => `${owner} ${((ms / total) * 100).toFixed(0)}%`)
      .join(', ');
    each.push(
      `    ${`${name}${thread === '0' ? '' : ` (worker ${thread})`}`.padEnd(24)} ${(total / 1000).toFixed(1).padStart(6)} s: ${top}`,
    );
  }
  const total = [...all.values()].reduce((a, b) => a + b, 0);
  const top = [...all]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 14)
    .map(([owner, ms]) => `${owner} ${((ms / total) * 100).toFixed(1)}%`)
    .join(', ');
  return [
    `  CPU profiles of the service processes during the burst, self time by owner of the code:`,
    `    all ${(total / 1000).toFixed(1)} s: ${top}`,
    ...each,
  ];
}

async function measure(arm: Arm): Promise<ArmResult> {
  const running = await arm.start();
  const profile: string[] = []; // filled once the processes have exited (their profiles are written then)
  const postgres: ArmResult['postgres'] = []; // likewise: their backends' last counts arrive as they end
  let counters0: PostgresCounters | undefined;
  try {
    const headers = { authorization: `Bearer ${running.apiKey}`, 'content-type': 'application/json' };
    const targets = running.urls.map((url) => ({
      method: 'POST' as const,
      url: `${url}/api/v1/service/invoice`,
      headers,
      body: request,
      okStatus: 201,
    }));
    // Warm-up (JIT, pools, the consumer groups' first fetches), settled before the burst so the two never overlap.
    const warm = await burstInChild({ count: warmup, concurrency, targets });
    await settledTimelines(running.store, warm.startedAt, warmup, new Map(), 120_000);
    // CPU while nothing is asked of the shape: what its pollers cost (and, on a shared server, what others use).
    const idle0 = running.cpu();
    const idleStart = performance.now();
    await new Promise((done) => setTimeout(done, idleMs));
    const cpu0 = running.cpu();
    // The warm-up's last counts may still arrive during the burst: a few of its invoices' worth at the most.
    counters0 = await running.postgresCounters?.();
    const idleSeconds = (performance.now() - idleStart) / 1000;
    const windowStart = performance.now();
    const load0 = loadavg()[0]!;
    const burstFromUs = Number(process.hrtime.bigint() / 1000n);
    const burst = await burstInChild({ count, concurrency, targets });
    const answeredAt = new Map(burst.answers.filter((a) => a.cufe).map((a) => [a.cufe!, a.answeredAt]));
    const { lines, complete } = await settledTimelines(running.store, burst.startedAt, count, answeredAt);
    const cpu1 = running.cpu();
    running.burstWindowUs = { from: burstFromUs, to: Number(process.hrtime.bigint() / 1000n) };
    const windowSeconds = (performance.now() - windowStart) / 1000;
    const accepted = lines.map((l) => l.get('InvoiceAccepted')).filter((at) => at !== undefined);
    const acceptedPerSecond = accepted.length / ((Math.max(...accepted) - burst.startedAt) / 1000);
    const latencies = burst.answers.filter((a) => a.status === 201).map((a) => a.latencyMs);
    const zero = { cpuMs: 0, waitMs: 0, slices: 0, exitedMs: 0 };
    const cpu = [...cpu1]
      .map(([name, after]) => {
        const [before, idle] = [cpu0.get(name) ?? zero, idle0.get(name) ?? zero];
        // The burst's load process was reaped by the bench: not the service's CPU.
        const load = name === running.reapsLoad ? burst.lifeCpuMs : 0;
        const used = after.cpuMs - before.cpuMs - load;
        const idlePerSecond = (before.cpuMs - idle.cpuMs) / idleSeconds;
        return {
          name,
          perInvoice: used / count,
          exitedPerInvoice: (after.exitedMs - before.exitedMs - load) / count,
          beyondIdle: (used - idlePerSecond * windowSeconds) / count,
          busyPercent: used / windowSeconds / 10,
          waitPerInvoice: (after.waitMs - before.waitMs) / count,
          slicesPerInvoice: (after.slices - before.slices) / count,
          idlePerSecond,
        };
      })
      .filter((c) => c.perInvoice >= 0.05 || c.idlePerSecond >= 1 || c.waitPerInvoice >= 0.05);
    cpu.push({
      name: loadGenerator,
      perInvoice: burst.cpuMs / count,
      exitedPerInvoice: 0,
      beyondIdle: burst.cpuMs / count,
      busyPercent: (burst.cpuMs / burst.elapsedMs) * 100,
      waitPerInvoice: 0,
      slicesPerInvoice: 0,
      idlePerSecond: 0,
    });
    return {
      name: arm.name,
      burst,
      lines,
      complete,
      acceptedPerSecond,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      cpu,
      load: [load0, loadavg()[0]!],
      profile,
      postgres,
    };
  } finally {
    profile.push(...((await running.close()) ?? []));
    const counters1 = running.postgresCountersAtExit;
    if (counters0 && counters1) {
      const syncs = counters1.syncs - counters0.syncs;
      postgres.push({
        walFlushesPerInvoice: syncs / count,
        walFlushMeanMs: syncs ? (counters1.syncMs - counters0.syncMs) / syncs : 0,
        commitsPerInvoice: (counters1.commits - counters0.commits) / count,
      });
    }
  }
}

function printArm(r: ArmResult): void {
  const statuses: Record<number, number> = {};
  for (const a of r.burst.answers) statuses[a.status] = (statuses[a.status] ?? 0) + 1;
  console.log(
    `\n${r.name}: ${count} invoices, ${concurrency} clients, load average ${r.load[0].toFixed(1)} → ${r.load[1].toFixed(1)}`,
  );
  console.log(
    `  answers ${JSON.stringify(statuses)} in ${(r.burst.elapsedMs / 1000).toFixed(1)} s${r.complete ? '' : '; NOT every invoice reached its end within the wait'}`,
  );
  console.log(
    `  accepted invoices/s ${r.acceptedPerSecond.toFixed(1)}   POST (201) p50 ${r.p50.toFixed(0)} ms, p99 ${r.p99.toFixed(0)} ms`,
  );
  console.log("  where an invoice's time goes (gap between recorded events; ms, p50 / p90):");
  for (const g of stageGaps(r.lines))
    console.log(
      `    ${`${g.from} → ${g.to}`.padEnd(38)} ${g.p50.toFixed(0).padStart(6)} / ${g.p90.toFixed(0).padStart(6)}   (${g.count})`,
    );
  const shape = shapeCpu(r.cpu, loadGenerator);
  const service = r.cpu.filter((c) => !c.name.startsWith('server:') && c.name !== loadGenerator);
  const waited = service.reduce((sum, c) => sum + c.waitPerInvoice, 0);
  const slices = service.reduce((sum, c) => sum + c.slicesPerInvoice, 0);
  console.log(
    `  CPU per invoice, every process: ${shape.perInvoiceMs.toFixed(1)} ms = ${(shape.perInvoiceMs / rsaMs).toFixed(1)} RSA-2048 signatures (the shape ${shape.ownMs.toFixed(1)}, of which ${shape.exitedMs.toFixed(1)} by processes that exited; shared servers beyond their idle rate ${shape.sharedMs.toFixed(1)}; the load generator not counted)`,
  );
  console.log(
    `  idle: the shape ${shape.idlePercent.toFixed(1)} % of one core (goal ≤ 5 %), the shared servers ${shape.sharedIdlePercent.toFixed(1)} % (others' work included)`,
  );
  console.log(
    `  the service's threads were put on a core ${slices.toFixed(0)} times per invoice and waited ${waited.toFixed(0)} ms for it (${(waited / slices).toFixed(2)} ms each)`,
  );
  console.log(`  (the window: the burst until every invoice is done; idle: the ${idleMs / 1000} s before it)`);
  console.log(
    `    ${'process or thread'.padEnd(36)} ms/invoice  beyond idle  % of a core  on a core, times/invoice  waiting for it, ms/invoice  idle ms/s`,
  );
  for (const c of [...r.cpu].sort((a, b) => b.perInvoice - a.perInvoice)) {
    const columns = [
      c.perInvoice.toFixed(1).padStart(10),
      c.beyondIdle.toFixed(1).padStart(11),
      c.busyPercent.toFixed(0).padStart(11),
      c.slicesPerInvoice.toFixed(0).padStart(24),
      c.waitPerInvoice.toFixed(1).padStart(26),
      c.idlePerSecond.toFixed(0).padStart(9),
    ];
    console.log(`    ${c.name.padEnd(36)} ${columns.join('  ')}`);
  }
  for (const counts of r.postgres)
    console.log(
      `  PostgreSQL WAL flushes (fsync): ${counts.walFlushesPerInvoice.toFixed(1)} per invoice, ${counts.walFlushMeanMs.toFixed(1)} ms each on average; transactions (read-only ones, the bench's own polls and the shape's stop among them): ${counts.commitsPerInvoice.toFixed(1)} per invoice`,
    );
  for (const line of r.profile) console.log(line);
}

// The unit CPU per invoice is also given in, measured on this thread before the arms start.
const rsaMs = rsa2048CpuMs();
const servers = await platformServers();
console.log(`one RSA-2048 signature: ${rsaMs.toFixed(3)} ms of CPU (this run)`);
console.log(`PostgreSQL: ${servers.postgresNote}`);
console.log(
  `Kafka ${servers.kafkaBrokers.join(',')}, registry ${servers.schemaRegistryUrl}, S3 ${servers.s3.endpoint}; log level ${logLevel}`,
);
const arms: Arm[] = [
  { name: 'embedded', start: startEmbeddedArm },
  distributedArm(servers, 1),
  distributedArm(servers, 2),
];
const results: ArmResult[][] = [];
try {
  for (let round = 0; round < rounds; round++) {
    const inRound: ArmResult[] = [];
    // The distributed arms in turn first and second (the machine's load drifts within a run); results kept in arm
    // order.
    const order = round % 2 ? [0, 2, 1] : [0, 1, 2];
    for (const index of order) {
      const result = await measure(arms[index]!);
      printArm(result);
      inRound[index] = result;
    }
    results.push(inRound);
  }
} finally {
  servers.stop();
}

// Ratios against the embedded arm of the same round (the median and range of the rounds' own ratios).
const column = (arm: number, pick: (r: ArmResult) => number) => results.map((round) => pick(round[arm]!));
console.log(
  `\nagainst the embedded default (${rounds} round${rounds > 1 ? 's' : ''}; embedded: ${column(
    0,
    (r) => r.acceptedPerSecond,
  )
    .map((v) => v.toFixed(1))
    .join(', ')} accepted/s, p50 ${column(0, (r) => r.p50)
    .map((v) => v.toFixed(0))
    .join(', ')} ms, p99 ${column(0, (r) => r.p99)
    .map((v) => v.toFixed(0))
    .join(', ')} ms)`,
);
const everyProcess = (r: ArmResult) => shapeCpu(r.cpu, loadGenerator).perInvoiceMs;
for (let arm = 1; arm < arms.length; arm++) {
  const ratio = (pick: (r: ArmResult) => number) => formatRoundRatios(column(arm, pick), column(0, pick));
  console.log(
    `  ${arms[arm]!.name.padEnd(26)} accepted/s ${ratio((r) => r.acceptedPerSecond)}, POST p50 ${ratio((r) => r.p50)}, p99 ${ratio((r) => r.p99)}, CPU per invoice (every process) ${ratio(everyProcess)} (goal ≤ 2×)`,
  );
}
const two = column(2, (r) => r.acceptedPerSecond);
const one = column(1, (r) => r.acceptedPerSecond);
console.log(
  `  two signers ÷ one            accepted/s ${formatRoundRatios(two, one)}${rounds === 1 ? ` (${formatRatio(two[0]! / one[0]!)})` : ''}`,
);

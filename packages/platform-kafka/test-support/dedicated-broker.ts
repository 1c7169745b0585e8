import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { freePort } from '@fe/platform/testing';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A one-node Kafka a test owns, so it may kill and restart it; the shared broker must never be restarted by a
 * test. Built from the jars the infra scripts download (`FE_TEST_KAFKA_LIB`).
 */
/** A bound, not an expectation: under a CPU hog on every core (pnpm test:faults) a KRaft start took over 60 s. */
const START_MS = 300_000;

export type DedicatedBroker = {
  readonly address: string;
  /** SIGKILL: the process dies without flushing or leaving its group coordinator cleanly. */
  kill(): Promise<void>;
  /** Starts it again on the same ports and data; resolves once it serves. */
  start(): Promise<void>;
  remove(): Promise<void>;
};

export async function dedicatedBroker(): Promise<DedicatedBroker> {
  const lib = process.env.FE_TEST_KAFKA_LIB;
  if (!lib)
    throw new Error(
      'FE_TEST_KAFKA_LIB is not set: the broker-restart test starts a Kafka broker of its own from the Kafka jars (the folder the infra scripts download them to).',
    );
  const java = process.env.FE_TEST_JAVA ?? 'java';
  const [port, controllerPort] = [await freePort(), await freePort()];
  const dir = mkdtempSync(join(tmpdir(), 'fe-kafka-restart-'));
  const properties = join(dir, 'server.properties');
  const log4j = join(dir, 'log4j2.xml');
  writeFileSync(
    properties,
    [
      'process.roles=broker,controller',
      'node.id=1',
      `controller.quorum.voters=1@127.0.0.1:${controllerPort}`,
      `listeners=PLAINTEXT://127.0.0.1:${port},CONTROLLER://127.0.0.1:${controllerPort}`,
      `advertised.listeners=PLAINTEXT://127.0.0.1:${port}`,
      'controller.listener.names=CONTROLLER',
      'inter.broker.listener.name=PLAINTEXT',
      'listener.security.protocol.map=PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT',
      'offsets.topic.replication.factor=1',
      'offsets.topic.num.partitions=1',
      'transaction.state.log.replication.factor=1',
      'transaction.state.log.min.isr=1',
      'share.coordinator.state.topic.replication.factor=1',
      'share.coordinator.state.topic.min.isr=1',
      'min.insync.replicas=1',
      'default.replication.factor=1',
      'group.initial.rebalance.delay.ms=0',
      'broker.session.timeout.ms=30000', // as infra/kafka/server.properties (why there)
      `log.dirs=${join(dir, 'data')}`,
    ].join('\n'),
  );
  // log4j writes to stdout by default; the readiness line is read from stderr.
  writeFileSync(
    log4j,
    '<Configuration><Appenders><Console name="c" target="SYSTEM_ERR"><PatternLayout pattern="%p %m%n"/></Console></Appenders><Loggers><Root level="INFO"><AppenderRef ref="c"/></Root></Loggers></Configuration>',
  );
  const jvm = [`-Dlog4j2.configurationFile=${log4j}`, '-Xms128m', '-Xmx384m', '-cp', join(lib, '*')];
  // An id that starts with '-' reads as an option to the storage tool (Kafka's own ids avoid it the same way).
  let clusterId: string;
  do clusterId = randomBytes(16).toString('base64url');
  while (clusterId.startsWith('-'));
  const format = spawnSync(java, [...jvm, 'kafka.tools.StorageTool', 'format', '-t', clusterId, '-c', properties], {
    encoding: 'utf8',
    timeout: 60_000,
  });
  if (format.status !== 0)
    throw new Error(`formatting the dedicated broker's storage failed: ${format.stderr.slice(-500)}`);

  let child: ChildProcess | undefined;
  const start = () =>
    new Promise<void>((resolve, reject) => {
      const proc = spawn(java, [...jvm, 'kafka.Kafka', properties], { stdio: ['ignore', 'ignore', 'pipe'] });
      child = proc;
      let tail = '';
      const timer = setTimeout(
        () => reject(new Error(`the dedicated broker did not start within ${START_MS / 1000} s: ${tail.slice(-500)}`)),
        START_MS,
      );
      proc.stderr!.on('data', (chunk: Buffer) => {
        tail = (tail + chunk.toString()).slice(-4000);
        if (tail.includes('Kafka Server started')) {
          clearTimeout(timer);
          resolve();
        }
      });
      proc.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`the dedicated broker exited (${code}): ${tail.slice(-500)}`));
      });
    });
  const stop = async (signal: NodeJS.Signals) => {
    const proc = child;
    child = undefined;
    if (!proc || proc.exitCode !== null) return;
    const exited = new Promise((resolve) => proc.once('exit', resolve));
    proc.kill(signal);
    await exited;
  };

  await start();
  return {
    address: `127.0.0.1:${port}`,
    kill: () => stop('SIGKILL'),
    start,
    async remove() {
      await stop('SIGTERM');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

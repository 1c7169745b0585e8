// The platform bench's servers, had as the int run has them. PostgreSQL must be durable for the numbers to mean
// anything, so a server found with fsync or similar off is replaced by a durable one of the bench's own.
import { connect } from 'node:net';
import { createPostgresPool } from '@fe/platform-postgres';
import { startOwnedServer } from '@fe/platform-postgres/testing';
import startInfra from '../../infra/test-support/global-setup.ts';
import { durabilityGaps } from './rounds.ts';

export type PlatformServers = {
  postgresUrl: string;
  /** Where the PostgreSQL came from and its durability settings, for the output. */
  postgresNote: string;
  /** The bench's own server (a temp one, stopped at the end): it may change its settings. */
  postgresOwned: boolean;
  kafkaBrokers: string[];
  schemaRegistryUrl: string;
  s3: { endpoint: string; accessKey: string; secretKey: string };
  /** Stops what this run started (its own PostgreSQL, and what infra/up.sh started for it). */
  stop(): void;
};

/** infra/env.sh's FE_INFRA_POSTGRES_PORT. */
const INFRA_POSTGRES_PORT = 55432;

const required = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set after infra/up.sh`);
  return value;
};

export async function platformServers(): Promise<PlatformServers> {
  const postgresWasUp = Boolean(process.env.FE_TEST_POSTGRES_URL) || (await portAnswers(INFRA_POSTGRES_PORT));
  process.env.FE_INFRA_POSTGRES_SETTINGS ??= ''; // only read when this run starts PostgreSQL
  const stopInfra = startInfra() ?? (() => {});
  let stopOwned = () => {};
  try {
    let postgresUrl = required('FE_TEST_POSTGRES_URL');
    let settings = await durabilityOf(postgresUrl);
    let postgresNote = postgresWasUp
      ? `found running at ${hostOf(postgresUrl)}`
      : `started by infra/up.sh (FE_INFRA_POSTGRES_SETTINGS='${process.env.FE_INFRA_POSTGRES_SETTINGS}') at ${hostOf(postgresUrl)}`;
    const gaps = durabilityGaps(settings);
    const postgresOwned = gaps.length > 0;
    if (postgresOwned) {
      const owned = await startOwnedServer({ settings: '' });
      stopOwned = () => owned.stop();
      postgresNote = `a server this bench owns (PostgreSQL's defaults), since the one at ${hostOf(postgresUrl)} runs with ${gaps.join(', ')} off`;
      postgresUrl = owned.url;
      settings = await durabilityOf(postgresUrl);
      const ownGaps = durabilityGaps(settings);
      if (ownGaps.length) throw new Error(`the bench's own PostgreSQL runs with ${ownGaps.join(', ')} off`);
    }
    postgresNote += `; fsync=${settings.fsync}, synchronous_commit=${settings.synchronous_commit}, full_page_writes=${settings.full_page_writes}`;
    return {
      postgresUrl,
      postgresNote,
      postgresOwned,
      kafkaBrokers: required('FE_TEST_KAFKA_BROKERS').split(','),
      schemaRegistryUrl: required('FE_TEST_SCHEMA_REGISTRY_URL'),
      s3: {
        endpoint: required('FE_TEST_S3_ENDPOINT'),
        accessKey: required('FE_TEST_S3_ACCESS_KEY'),
        secretKey: required('FE_TEST_S3_SECRET_KEY'),
      },
      stop() {
        stopOwned();
        stopInfra();
      },
    };
  } catch (error) {
    stopOwned();
    stopInfra();
    throw error;
  }
}

async function durabilityOf(
  url: string,
): Promise<{ fsync: string; synchronous_commit: string; full_page_writes: string }> {
  const pool = createPostgresPool({ connectionString: url, max: 1 });
  try {
    const show = async (name: string) => (await pool.query<Record<string, string>>(`SHOW ${name}`)).rows[0]![name]!;
    return {
      fsync: await show('fsync'),
      synchronous_commit: await show('synchronous_commit'),
      full_page_writes: await show('full_page_writes'),
    };
  } finally {
    await pool.end();
  }
}

const hostOf = (url: string): string => new URL(url).host;

/** Whether something listens on the loopback port (the infra's fixed PostgreSQL port: was it up before this run?). */
function portAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const answer = (yes: boolean) => {
      socket.destroy();
      resolve(yes);
    };
    socket
      .once('connect', () => answer(true))
      .once('error', () => answer(false))
      .setTimeout(1000, () => answer(false));
  });
}

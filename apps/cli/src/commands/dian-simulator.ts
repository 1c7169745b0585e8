import {
  ephemeralIdentity,
  parseFault,
  simulatorConfig,
  startDianSimulator,
  type DianSimulator,
  type SimulatorIdentity,
} from '@fe/dian-simulator';
import { parseOptions, readInput, type CommandIo } from './sign.ts';
import type { CommandOutput } from './xml.ts';

export const dianSimulatorUsage = `  dian-simulator --trust <ca.pem>[,<ca.pem>…] [--port 8081] [--host 127.0.0.1]
       [--cert <pem> --key <pem>] [--environment 2|1] [--fault <spec>]
                       run the local DIAN web service (WcfDianCustomerServices) on loopback
                       until Ctrl-C; WS-Security and XAdES certificates must chain to --trust;
                       the ApplicationResponse is signed with --cert/--key (a throwaway
                       certificate when absent); --fault applies to every request
                       (latency=<ms>, timeout, http500, http503, untrusted-cert, response-lost)
`;
export const dianSimulatorExample = '  pnpm fe dian-simulator --trust ca.pem --port 8081\n';

export type SimulatorIo = CommandIo & {
  print(text: string): void;
  /** Resolves when the process is asked to stop (SIGINT/SIGTERM). */
  stopped: Promise<void>;
};

/** `pnpm fe dian-simulator`: starts the simulator and keeps it up until stopped. */
export async function dianSimulatorCommand(args: string[], io: SimulatorIo): Promise<CommandOutput> {
  const { positional, options, unknown } = parseOptions(args, [
    'trust',
    'port',
    'host',
    'cert',
    'key',
    'environment',
    'fault',
  ]);
  const port = Number(options.get('port') ?? 8081);
  const environment = options.get('environment') ?? '2';
  const fault = options.has('fault') ? parseFault(options.get('fault')) : undefined;
  const usage = { exitCode: 2, stdout: '', stderr: `usage:\n${dianSimulatorUsage}` };
  if (
    positional.length ||
    unknown.length ||
    !options.has('trust') ||
    !Number.isInteger(port) ||
    port < 0 ||
    port > 65535
  )
    return usage;
  if (
    (environment !== '1' && environment !== '2') ||
    (options.has('fault') && !fault) ||
    options.has('cert') !== options.has('key')
  )
    return usage;

  const trustedCaPems: string[] = [];
  for (const path of options.get('trust')!.split(',')) {
    const pem = readInput(io, path);
    if (!Buffer.isBuffer(pem)) return pem;
    trustedCaPems.push(pem.toString('utf8'));
  }
  let identity: SimulatorIdentity = ephemeralIdentity(io.now);
  if (options.has('cert')) {
    const cert = readInput(io, options.get('cert')!);
    const key = readInput(io, options.get('key')!);
    if (!Buffer.isBuffer(cert)) return cert;
    if (!Buffer.isBuffer(key)) return key;
    identity = { certificatePem: cert.toString('utf8'), privateKeyPem: key.toString('utf8') };
  }

  let simulator: DianSimulator;
  try {
    simulator = await startDianSimulator(
      simulatorConfig({ identity, trustedCaPems }, { environment, globalFault: fault }),
      {
        host: options.get('host') ?? '127.0.0.1',
        port,
      },
    );
  } catch (error) {
    return {
      exitCode: 1,
      stdout: '',
      stderr: `cannot start the simulator: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}\n`,
    };
  }
  io.print(
    `DIAN simulator (ambiente ${environment === '2' ? 'habilitación' : 'producción'}) at ${simulator.endpoint}\n`,
  );
  await io.stopped;
  await simulator.close();
  return { exitCode: 0, stdout: 'DIAN simulator stopped\n', stderr: '' };
}

// The run's settings from the command line: which shape, which probes, and how long the long ones last.
import { parseArgs } from 'node:util';

export type Settings = {
  shape: 'embedded' | 'distributed';
  only: string[] | undefined;
  /** p.2: PBKDF2 iterations of the uploaded .p12. */
  p12Iterations: number;
  /** p.3: slow connections held open, and for how long. */
  slowConnections: number;
  slowSeconds: number;
  /** p.6: password-reset requests timed per kind (known, unknown email). */
  timingSamples: number;
  /** p.4: how long numbered documents may take to become final after the probes. */
  settleSeconds: number;
};

const usage = `pnpm hostile [--shape embedded|distributed] [--only p2,p3,p4,p5-api,p5-portal,p6]
  [--p12-iterations 2000000] [--slow-connections 1100] [--slow-seconds 60] [--timing-samples 300] [--settle-seconds 60]`;

export function readSettings(argv: string[]): Settings {
  const { values } = parseArgs({
    args: argv,
    options: {
      shape: { type: 'string', default: 'embedded' },
      only: { type: 'string' },
      'p12-iterations': { type: 'string', default: '2000000' },
      'slow-connections': { type: 'string', default: '1100' },
      'slow-seconds': { type: 'string', default: '60' },
      'timing-samples': { type: 'string', default: '300' },
      'settle-seconds': { type: 'string', default: '60' },
      help: { type: 'boolean', default: false },
    },
  });
  const whole = (name: keyof typeof values) => {
    const n = Number(values[name]);
    if (!Number.isInteger(n) || n < 1) throw new RangeError(`--${name}: a whole number from 1\n${usage}`);
    return n;
  };
  if (values.help) throw new RangeError(usage);
  if (values.shape !== 'embedded' && values.shape !== 'distributed')
    throw new RangeError(`--shape: embedded or distributed\n${usage}`);
  return {
    shape: values.shape,
    only: values.only?.split(','),
    p12Iterations: whole('p12-iterations'),
    slowConnections: whole('slow-connections'),
    slowSeconds: whole('slow-seconds'),
    timingSamples: whole('timing-samples'),
    settleSeconds: whole('settle-seconds'),
  };
}

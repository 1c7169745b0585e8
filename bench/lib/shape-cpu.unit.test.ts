import { describe, expect, it } from 'vitest';
import { shapeCpu, type CpuRow } from './shape-cpu.ts';

const row = (name: string, perInvoice: number, more: Partial<CpuRow> = {}): CpuRow => ({
  name,
  perInvoice,
  exitedPerInvoice: 0,
  beyondIdle: perInvoice,
  idlePerSecond: 0,
  ...more,
});

describe('shapeCpu', () => {
  const rows = [
    row('ingress', 10, { idlePerSecond: 20 }),
    row('server: postgresql', 30, { exitedPerInvoice: 12, idlePerSecond: 5 }),
    row('server: kafka (shared)', 40, { beyondIdle: 8, idlePerSecond: 100 }),
    row('server: s3 (shared)', 1, { beyondIdle: -2 }),
    row('load generator', 50),
  ];

  it('sums every process but the load generator, shared servers beyond their idle rate only', () => {
    const cpu = shapeCpu(rows, 'load generator');
    expect(cpu).toMatchObject({ ownMs: 40, sharedMs: 8, perInvoiceMs: 48, exitedMs: 12 });
  });

  it("gives the idle shape's CPU in % of one core, the shared servers apart", () => {
    const cpu = shapeCpu(rows, 'load generator');
    expect(cpu.idlePercent).toBe(2.5);
    expect(cpu.sharedIdlePercent).toBe(10);
  });
});

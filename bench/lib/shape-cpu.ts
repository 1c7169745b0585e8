/** One process's (or thread's) row of `bench:distributed`'s CPU table; `idlePerSecond` in ms of CPU per second. */
export type CpuRow = {
  name: string;
  perInvoice: number;
  exitedPerInvoice: number;
  beyondIdle: number;
  idlePerSecond: number;
};

/** The figures goal 3 is stated in: CPU per accepted invoice over every process, the idle shape's share of a core. */
export type ShapeCpu = {
  /** `ownMs` + `sharedMs`. */
  perInvoiceMs: number;
  /** The shape's processes (and its own PostgreSQL): all their CPU in the window, exited children included. */
  ownMs: number;
  /** Of `ownMs`, what descendants that exited used (PostgreSQL backends, programs a service ran). */
  exitedMs: number;
  /** Servers shared with other users: only their CPU beyond their idle rate, since the rest is others' work. */
  sharedMs: number;
  /** The shape's processes while idle, in % of one core. */
  idlePercent: number;
  /** The shared servers while idle (others' work included), in % of one core. */
  sharedIdlePercent: number;
};

/** Rows named `(shared)` count beyond their idle rate; the load generator (`exclude`) is no part of the shape. */
export function shapeCpu(rows: CpuRow[], exclude: string): ShapeCpu {
  const shared = rows.filter((r) => r.name.includes('(shared)'));
  const own = rows.filter((r) => r.name !== exclude && !r.name.includes('(shared)'));
  const sum = (list: CpuRow[], pick: (r: CpuRow) => number) => list.reduce((total, r) => total + pick(r), 0);
  const ownMs = sum(own, (r) => r.perInvoice);
  const sharedMs = sum(shared, (r) => Math.max(0, r.beyondIdle));
  return {
    perInvoiceMs: ownMs + sharedMs,
    ownMs,
    exitedMs: sum(own, (r) => r.exitedPerInvoice),
    sharedMs,
    idlePercent: sum(own, (r) => r.idlePerSecond) / 10, // ms per s → % of one core
    sharedIdlePercent: sum(shared, (r) => r.idlePerSecond) / 10,
  };
}

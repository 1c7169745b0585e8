/**
 * Where a process's CPU went, from a V8 `.cpuprofile`: self time grouped by owner (a dependency, one of ours, Node,
 * GC, native). Pure on the parsed profile, so tested.
 */
export type CpuProfile = {
  nodes: { id: number; callFrame: { functionName: string; url: string } }[];
  samples: number[];
  timeDeltas: number[];
  /** Monotonic clock, µs (CLOCK_MONOTONIC on Linux, as `process.hrtime`). */
  startTime: number;
};

/** The owner of a function's code, from its script URL. */
export function ownerOf(functionName: string, url: string): string {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  const pnpm = /\/node_modules\/\.pnpm\/[^/]+\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url);
  if (pnpm) return pnpm[1]!;
  const plain = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url);
  if (plain) return plain[1]!;
  if (url.startsWith('node:'))
    return `node:${
      url
        .slice(5)
        .replace(/^internal\//, '')
        .split('/')[0]
    }`;
  const ours = /\/(packages|services)\/([^/]+)\//.exec(url);
  if (ours) return ours[1] === 'packages' ? `@fe/${ours[2]}` : `services/${ours[2]}`;
  if (url.includes('/contracts/')) return '@fe/contracts';
  return url;
}

/** Self milliseconds per owner, largest first, idle excluded; only samples taken within `window` (µs) when given. */
export function cpuByOwner(profile: CpuProfile, window?: { from: number; to: number }): [owner: string, ms: number][] {
  const owners = new Map(profile.nodes.map((n) => [n.id, ownerOf(n.callFrame.functionName, n.callFrame.url)]));
  const totals = new Map<string, number>();
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    at += profile.timeDeltas[i] ?? 0;
    if (window && (at < window.from || at > window.to)) return;
    const owner = owners.get(id) ?? '(unknown)';
    if (owner === '(idle)') return;
    totals.set(owner, (totals.get(owner) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  return [...totals].sort((a, b) => b[1] - a[1]);
}

import { readFileSync } from 'node:fs';

/** Where the process's resident memory is, from /proc/self/smaps, largest first, grouped by kind of mapping. */
export function smapsSummary(top = 8): string {
  const groups = new Map<string, { kb: number; mappings: number }>();
  let key = '';
  for (const line of readFileSync('/proc/self/smaps', 'utf8').split('\n')) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (head) {
      const kb = (parseInt(head[2]!, 16) - parseInt(head[1]!, 16)) / 1024;
      key = head[3]
        ? head[3].replace(/^.*\//, '')
        : `[anonymous ${kb >= 65536 ? '≥ 64 MB' : kb >= 1024 ? '1–64 MB' : '< 1 MB'}]`;
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss) {
      const group = groups.get(key) ?? { kb: 0, mappings: 0 };
      group.kb += Number(rss[1]);
      group.mappings++;
      groups.set(key, group);
    }
  }
  return [...groups]
    .sort((a, b) => b[1].kb - a[1].kb)
    .slice(0, top)
    .map(([name, g]) => `  ${name}: ${(g.kb / 1024).toFixed(1)} MB resident in ${g.mappings} mappings`)
    .join('\n');
}

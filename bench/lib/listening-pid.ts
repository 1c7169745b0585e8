import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

/**
 * The process listening on a loopback TCP port (Linux /proc), or undefined: the servers' pid files live in whichever
 * checkout started them, so the bench finds Kafka, the registry and S3 by their ports instead.
 */
export function pidListeningOn(port: number): number | undefined {
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let lines: string[];
    try {
      lines = readFileSync(table, 'utf8').split('\n').slice(1);
    } catch {
      continue;
    }
    for (const line of lines) {
      const [, local, , state, , , , , , inode] = line.trim().split(/\s+/);
      // state 0A: LISTEN; the local address ends in the port, in hex
      if (state === '0A' && local && parseInt(local.split(':')[1]!, 16) === port) inodes.add(inode!);
    }
  }
  if (!inodes.size) return undefined;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let fds: string[];
    try {
      fds = readdirSync(`/proc/${entry}/fd`);
    } catch {
      continue; // gone, or not ours to read
    }
    for (const fd of fds) {
      try {
        const target = readlinkSync(`/proc/${entry}/fd/${fd}`);
        if (target.startsWith('socket:[') && inodes.has(target.slice(8, -1))) return Number(entry);
      } catch {
        // closed between the listing and the read
      }
    }
  }
  return undefined;
}

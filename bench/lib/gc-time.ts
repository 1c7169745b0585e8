import { PerformanceObserver, type PerformanceEntry } from 'node:perf_hooks';

/**
 * The garbage collections V8 reports on this thread ('gc' performance entries) from now until `stop()`: how many and
 * how long they paused the thread (wall ms). The parallel work of V8's helper threads is not in these.
 */
export function watchGc(): { stop(): { count: number; pauseMs: number } } {
  const entries: PerformanceEntry[] = [];
  const observer = new PerformanceObserver((list) => entries.push(...list.getEntries()));
  observer.observe({ entryTypes: ['gc'] });
  return {
    stop() {
      entries.push(...observer.takeRecords());
      observer.disconnect();
      return { count: entries.length, pauseMs: entries.reduce((sum, e) => sum + e.duration, 0) };
    },
  };
}

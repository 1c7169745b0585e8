import type { InvoiceStatusView } from './invoice-status.ts';

/** One caller's wait for an invoice's view, as the source that tells it of changes holds it. */
export type ViewWaiter = {
  readonly invoiceId: string;
  readonly until: (view: InvoiceStatusView) => boolean;
  /** Resolves the wait (once; later calls do nothing). */
  finish(view: InvoiceStatusView | undefined): void;
  /** Rejects the wait: the source could not read the view. */
  fail(error: unknown): void;
};

/** Where the views come from: its current read, and where it keeps the waiters it tells of changes. */
export type ViewSource = {
  read(invoiceId: string): Promise<InvoiceStatusView | undefined>;
  add(waiter: ViewWaiter): void;
  remove(waiter: ViewWaiter): void;
  /**
   * Finishes `waiter` with `view` when `waiter.until(view)` holds (the source decides what a throwing `until` means).
   */
  offer(waiter: ViewWaiter, view: InvoiceStatusView): void;
};

/**
 * The view once `until` holds, or the latest after `timeoutMs`. The waiter is registered before the first read,
 * so a change heard during that read is not missed.
 */
export function waitForView(
  invoiceId: string,
  until: ViewWaiter['until'],
  timeoutMs: number,
  source: ViewSource,
): Promise<InvoiceStatusView | undefined> {
  return new Promise((resolve, reject) => {
    let done = false;
    const settle = (then: () => void) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      source.remove(waiter);
      then();
    };
    const waiter: ViewWaiter = {
      invoiceId,
      until,
      finish: (view) => settle(() => resolve(view)),
      fail: (error) => settle(() => reject(error)),
    };
    source.add(waiter);
    const timer = setTimeout(
      () => void source.read(invoiceId).then(waiter.finish, waiter.fail),
      Math.max(0, timeoutMs),
    );
    source.read(invoiceId).then((view) => view && source.offer(waiter, view), waiter.fail);
  });
}

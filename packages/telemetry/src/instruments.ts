import { metrics, type Counter, type Histogram, type MeterProvider } from '@opentelemetry/api';

/** The metrics the services record (docs/observability.md, "Metrics"). */
export type Instruments = {
  /** fe.invoices.final{status}: invoices that reached a final DIAN verdict (accepted, rejected). */
  invoicesFinal: Counter;
  /** fe.dian.call.duration{operation, outcome}: seconds per SOAP call to DIAN. */
  dianCallDuration: Histogram;
  /** fe.bus.consumer.lag{topic, group}: messages behind the delivered one on its partition, where the bus can tell. */
  consumerLag: Histogram;
  /** fe.bus.dead_letters{topic, group}: messages a consumer group gave up on. */
  deadLetters: Counter;
};

let cached: { provider: MeterProvider; instruments: Instruments } | undefined;

/**
 * The instruments on the current global meter provider. The API hands out no-op meters before an
 * SDK starts and does not upgrade them later, so they are made again when the provider changes.
 */
export function instruments(): Instruments {
  const provider = metrics.getMeterProvider();
  if (cached?.provider === provider) return cached.instruments;
  const meter = provider.getMeter('fe-colombia');
  const made: Instruments = {
    invoicesFinal: meter.createCounter('fe.invoices.final', {
      description: 'Invoices that reached a final DIAN verdict, by status',
      unit: '{invoice}',
    }),
    dianCallDuration: meter.createHistogram('fe.dian.call.duration', {
      description: 'Duration of SOAP calls to DIAN, by operation and outcome',
      unit: 's',
      advice: { explicitBucketBoundaries: [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30] },
    }),
    consumerLag: meter.createHistogram('fe.bus.consumer.lag', {
      description: 'Messages already on the partition behind the one being handled, per consumer group',
      unit: '{message}',
      advice: { explicitBucketBoundaries: [0, 1, 5, 10, 50, 100, 500, 1000, 5000] },
    }),
    deadLetters: meter.createCounter('fe.bus.dead_letters', {
      description: 'Messages a consumer group gave up on (kept as dead letters)',
      unit: '{message}',
    }),
  };
  cached = { provider, instruments: made };
  return made;
}

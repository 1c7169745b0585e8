// The example subscriber's surface: its start, and its ledger (read by its test and by whoever runs it).
export { startSubscriber, type Subscriber, type SubscriberOptions } from './subscriber.ts';
export { Ledger, type LedgerRow } from './ledger.ts';

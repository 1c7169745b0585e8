// Test support for other workspaces' tests: a broker of the test's own, which it may kill and restart.
export { dedicatedBroker, type DedicatedBroker } from './dedicated-broker.ts';

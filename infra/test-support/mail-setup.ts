// The `e2e` project's globalSetup: the mail server only (the buyer's side reads a reception mailbox over IMAP), started
// unless FE_TEST_IMAP_URL is set; the distributed tests bring up their other servers themselves.
import { startServers } from './global-setup.ts';

export default function setup(): (() => void) | undefined {
  return startServers(['mail']);
}

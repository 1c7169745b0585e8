// The thread of a SharedThread: each message names a module and hands over a port; the module's `host` serves one
// object's calls on it. A module that fails to load or to open its object fails the whole thread.
import { parentPort, type MessagePort } from 'node:worker_threads';

type Hosting = { module: string; data: unknown; port: MessagePort };

parentPort!.on('message', ({ module, data, port }: Hosting) => {
  void import(module).then((loaded: { host: (data: unknown, port: MessagePort) => void }) => loaded.host(data, port));
});

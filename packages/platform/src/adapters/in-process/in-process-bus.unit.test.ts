import { eventBusContract } from '../../testing/event-bus.contract.ts';
import { InProcessEventBus } from './in-process-bus.ts';

eventBusContract('in-process', () => new InProcessEventBus({ partitions: 3 }));

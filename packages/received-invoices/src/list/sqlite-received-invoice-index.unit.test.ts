import { receivedInvoiceIndexContract } from '../../test-support/received-invoice-index.contract.ts';
import { SqliteReceivedInvoiceIndex } from './sqlite-received-invoice-index.ts';

receivedInvoiceIndexContract('SQLite', async () => new SqliteReceivedInvoiceIndex(':memory:'));

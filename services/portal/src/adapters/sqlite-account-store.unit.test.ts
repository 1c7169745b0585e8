import { accountStoreContract } from '../../test-support/account-store.contract.ts';
import { SqliteAccountStore } from './sqlite-account-store.ts';

accountStoreContract('sqlite', async () => new SqliteAccountStore(':memory:'));

import { accountStoreContract } from '../testing/account-store.contract.ts';
import { SqliteAccountStore } from './sqlite-account-store.ts';

accountStoreContract('sqlite', async () => new SqliteAccountStore(':memory:'));

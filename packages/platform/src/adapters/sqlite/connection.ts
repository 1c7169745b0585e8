// What a SQLite adapter on a worker thread needs of @fe/platform, importable alone (`@fe/platform/sqlite`): the
// package's index would load its every module into that thread's isolate.
export { immediate } from './immediate-transaction.ts';
export { GroupCommit } from './group-commit.ts';
export { openWalDatabase } from './open-database.ts';

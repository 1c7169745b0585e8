// @fe/reaction-world/testing: the embedded world a reaction's tests run in, shared by every
// service's tests instead of one service borrowing another's. Never imported by production code.
export * from './world.ts';

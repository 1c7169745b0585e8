import type { ESLint } from 'eslint';

export const independentReaders: string[];
export const htmlPages: string[];
export const readsXml: (pattern: string) => boolean;
declare const plugin: ESLint.Plugin;
export default plugin;

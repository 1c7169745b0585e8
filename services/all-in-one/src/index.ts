// The public surface of @fe/all-in-one (tests and the bench start the embedded shape in-process).
export { startEmbedded, type Embedded } from './start-embedded.ts';
export { embeddedConfigFromEnv, embeddedConfigSchema, type EmbeddedConfig } from './config.ts';
export { welcomeText } from './welcome.ts';

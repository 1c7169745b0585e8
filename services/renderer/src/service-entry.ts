// `@fe/renderer/service`: what a process that hosts the renderer service needs (the reaction and the
// worker pool), without the drawing code: pdfkit, fontkit and qrcode load only in the pool's
// worker threads, not again in the service's own isolate.
export { createRendererPool, type RendererPool } from './pool/renderer-pool.ts';
export { createRendererService, type RendererServicePorts } from './service.ts';
export { rendererConfigFromEnv, type RendererConfig } from './config.ts';

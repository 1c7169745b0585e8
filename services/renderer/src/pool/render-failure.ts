import { isRendererError, RendererError } from '../errors.ts';
import type { RenderFailure } from './messages.ts';

/**
 * Errors across the worker boundary: structured clone drops an Error's class and fields, and the reaction tells
 * failures apart by them, so the worker sends the catalogue entry and the pool throws it again.
 */
export function toFailure(error: unknown): RenderFailure {
  if (isRendererError(error)) return { kind: 'renderer', code: error.code, message: error.message };
  return { kind: 'other', message: error instanceof Error ? error.message : 'rendering failed' };
}

export function fromFailure(failure: RenderFailure): Error {
  switch (failure.kind) {
    case 'renderer':
      return new RendererError(failure.code, failure.message);
    case 'other':
      return new Error(failure.message);
  }
}

import type { Logger } from '@fe/platform';
import type { TestSetProgress, TestSetRunner } from '@fe/portal';
import type { StatusStore } from '@fe/projection';
import type { TenantCommands, TenantRegistry } from '@fe/tenancy';
import type { FastifyInstance } from 'fastify';

/** Issues one invoice through the service's API with a tenant's key; the answer's status and JSON body. */
export type IssueThroughApi = (apiKey: string, document: unknown) => Promise<{ status: number; body: { cufe?: string; number?: string; message?: string; code?: string } }>;

/** Through the app in this process (the embedded shape): Fastify's inject, no socket. */
export function issueByInject(app: () => FastifyInstance): IssueThroughApi {
  return async (apiKey, document) => {
    const answer = await app().inject({
      method: 'POST', url: '/api/v1/service/invoice', payload: document as object,
      headers: { authorization: `Bearer ${apiKey}`, prefer: 'wait=0', 'content-type': 'application/json' },
    });
    return { status: answer.statusCode, body: answer.json() };
  };
}

/** Over HTTP to an ingress (the portal's own process in the distributed shape, FE_PORTAL_API_URL). */
export function issueOverHttp(apiUrl: string): IssueThroughApi {
  return async (apiKey, document) => {
    const answer = await fetch(new URL('/api/v1/service/invoice', apiUrl), {
      method: 'POST', body: JSON.stringify(document), signal: AbortSignal.timeout(30_000),
      headers: { authorization: `Bearer ${apiKey}`, prefer: 'wait=0', 'content-type': 'application/json' },
    });
    return { status: answer.status, body: await answer.json().catch(() => ({})) as Awaited<ReturnType<IssueThroughApi>>['body'] };
  };
}

/** One document of the set: a sale with IVA, INC and an excluded line, as DIAN's set asks for several kinds. */
const testSetDocument = {
  customer: { document_type: '31', document_number: '900108281', name: 'Cliente del set de pruebas S.A.S.', tax_level_codes: ['O-13'] },
  lines: [
    { code: 'SET-1', name: 'Servicio gravado con IVA', quantity: 1, unit_price: 100000, taxes: [{ code: '01', name: 'IVA', rate: 19 }] },
    { code: 'SET-2', name: 'Consumo con INC', quantity: 2, unit_price: 20000, taxes: [{ code: '04', name: 'INC', rate: 8 }] },
    { code: 'SET-3', name: 'Bien excluido', quantity: 1, unit_price: 5000 },
  ],
  payment: { method_code: '10' },
};

export type PipelineTestSetOptions = {
  /** The service's own API: documents go through it like any integrator's. */
  issue: IssueThroughApi;
  registry: TenantRegistry;
  commands: TenantCommands;
  statusStore: Pick<StatusStore, 'findByCufe'>;
  logger: Logger;
  documents: number;
  /** How long the run follows DIAN's verdicts before it gives up. */
  timeoutMs: number;
};

export type PipelineTestSetRunner = TestSetRunner & {
  /**
   * The TestSetId of the tenant's run while it is in progress (and the tenant gave one): the
   * submitter's `testSetFor`, so the run's documents go with SendTestSetAsync and DIAN counts them.
   */
  activeTestSetId(tenantId: string): string | undefined;
};

/**
 * The habilitación run of both shapes: `documents` invoices issued through the service's
 * own API with the tenant's test key (so they are numbered, signed, sent and answered like any
 * other; while the run is in progress the submitter sends them with SendTestSetAsync and the
 * tenant's TestSetId, `activeTestSetId`), each followed to DIAN's verdict in the status read model
 * (GetStatusZip's, one per document); all accepted (DIAN's count equals the set) records `TestSetPassed`. One run per tenant at a time, in this process's memory.
 */
export function createPipelineTestSetRunner(options: PipelineTestSetOptions): PipelineTestSetRunner {
  const runs = new Map<string, TestSetProgress>();
  const testSetIds = new Map<string, string>();

  async function run(tenantId: string, progress: TestSetProgress, testSetId: string, actor: string): Promise<void> {
    const apiKey = await options.registry.displayApiKey(tenantId);
    if (!apiKey) {
      progress.rejected.push({ number: '—', message: 'La empresa no tiene una clave de API vigente.' });
      progress.state = 'failed';
      return;
    }
    const cufes: { number: string; cufe: string }[] = [];
    for (let i = 0; i < progress.total; i++) {
      const answer = await options.issue(apiKey, testSetDocument);
      const body = answer.body;
      if (body.cufe && body.number) {
        cufes.push({ number: body.number, cufe: body.cufe });
        progress.sent += 1;
      } else {
        progress.rejected.push({ number: '—', message: `${body.code ?? answer.status}: ${body.message ?? 'no se pudo emitir'}` });
      }
    }
    const deadline = Date.now() + options.timeoutMs;
    const pending = new Map(cufes.map((c) => [c.cufe, c.number]));
    while (pending.size > 0 && Date.now() < deadline) {
      for (const [cufe, number] of pending) {
        const view = await options.statusStore.findByCufe(tenantId, cufe);
        if (view?.status === 'accepted') {
          progress.accepted += 1;
          pending.delete(cufe);
        } else if (view?.status === 'rejected') {
          const dian = view.taxAuthority;
          progress.rejected.push({ number, message: dian ? [dian.statusMessage, ...dian.errors.map((e) => `${e.rule}: ${e.message}`)].join(' · ') : 'rechazada' });
          pending.delete(cufe);
        } else if (view?.lastSubmissionFailure && !view.lastSubmissionFailure.nextAttemptAt) {
          // The submitter gave up on it (e.g. TEST_SET_REFUSED: DIAN does not know the TestSetId): no verdict will come.
          progress.rejected.push({ number, message: `La DIAN no recibió el documento (${view.lastSubmissionFailure.reason}).` });
          pending.delete(cufe);
        }
      }
      if (pending.size > 0) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    for (const number of pending.values()) progress.rejected.push({ number, message: 'Sin respuesta de la DIAN a tiempo; inténtelo de nuevo.' });
    if (progress.accepted === progress.total) {
      await options.commands.recordTestSetPassed(tenantId, actor, { testSetId, accepted: progress.accepted });
      progress.state = 'passed';
    } else {
      progress.state = 'failed';
    }
  }

  return {
    async start(tenantId, { testSetId, actor }) {
      if (runs.get(tenantId)?.state === 'running') return;
      const progress: TestSetProgress = { state: 'running', total: options.documents, sent: 0, accepted: 0, rejected: [] };
      runs.set(tenantId, progress);
      testSetIds.set(tenantId, testSetId.trim());
      void run(tenantId, progress, testSetId, actor).catch((error: unknown) => {
        options.logger.error({ err: { name: (error as Error).name, code: (error as { code?: string }).code }, tenant_id: tenantId }, 'the habilitación run failed');
        progress.rejected.push({ number: '—', message: 'El envío falló de nuestro lado; inténtelo de nuevo.' });
        progress.state = 'failed';
      });
    },
    progress: (tenantId) => runs.get(tenantId),
    activeTestSetId: (tenantId) => (runs.get(tenantId)?.state === 'running' ? testSetIds.get(tenantId) || undefined : undefined),
  };
}

import type { Logger } from '@fe/platform';
import type { IssueThroughApi } from '../ports/issue-through-api.ts';
import type { TestSetProgress, TestSetRunner } from '../ports/test-set-runner.ts';
import type { StatusStore } from '@fe/invoice-status';
import { testSetDocumentKey, type TenantCommands, type TenantRegistry, type TestSetRun } from '@fe/tenancy';
import { randomUUID } from 'node:crypto';
import { dianFailureText } from '../pages/messages.ts';

/** One document of the set: a sale with IVA, INC and an excluded line, as DIAN's set asks for several kinds. */
const testSetDocument = {
  customer: {
    document_type: '31',
    document_number: '900108281',
    name: 'Cliente del set de pruebas S.A.S.',
    tax_level_codes: ['O-13'],
  },
  lines: [
    {
      code: 'SET-1',
      name: 'Servicio gravado con IVA',
      quantity: 1,
      unit_price: 100000,
      taxes: [{ code: '01', name: 'IVA', rate: 19 }],
    },
    {
      code: 'SET-2',
      name: 'Consumo con INC',
      quantity: 2,
      unit_price: 20000,
      taxes: [{ code: '04', name: 'INC', rate: 8 }],
    },
    { code: 'SET-3', name: 'Bien excluido', quantity: 1, unit_price: 5000 },
  ],
  payment: { method_code: '10' },
};

export type PipelineTestSetOptions = {
  /** The service's own API: documents go through it like any integrator's. */
  issue: IssueThroughApi;
  /** Where the run lives (its progress, its lease): shared by every process of the shape. */
  registry: TenantRegistry;
  commands: TenantCommands;
  statusStore: Pick<StatusStore, 'findByCufe'>;
  logger: Logger;
  now: () => Date;
  documents: number;
  /** How long the run follows DIAN's verdicts before it gives up. */
  timeoutMs: number;
  /**
   * How long a run stays this process's without a write (ms; 30 s by default); past it another process takes it over.
   */
  leaseMs?: number;
  /** Pause between two reads of the verdicts (ms; 200 by default). */
  pollMs?: number;
};

/**
 * The habilitación run through the service's own API. The run lives in the tenant registry, not this process,
 * so the submitter sends its documents with SendTestSetAsync and another portal process can take it over.
 */
export function createPipelineTestSetRunner(options: PipelineTestSetOptions): TestSetRunner {
  const leaseMs = options.leaseMs ?? 30_000;
  const pollMs = options.pollMs ?? 200;
  const following = new Set<string>(); // runs this process follows, by runId

  /** Writes the progress and a fresh lease; false when another run replaced this one. */
  async function save(tenantId: string, run: TestSetRun): Promise<boolean> {
    run.leaseUntil = new Date(options.now().getTime() + leaseMs);
    return options.registry.saveTestSetRun(tenantId, run);
  }

  async function follow(tenantId: string, run: TestSetRun): Promise<void> {
    const apiKey = await options.registry.displayApiKey(tenantId);
    if (!apiKey) {
      run.rejected.push({ number: '—', message: 'La empresa no tiene una clave de API vigente.' });
      run.state = 'failed';
      await save(tenantId, run);
      return;
    }
    const cufes: { number: string; cufe: string }[] = [];
    for (let i = 0; i < run.total; i++) {
      const answer = await options.issue(apiKey, testSetDocument, testSetDocumentKey(run.runId, i));
      const body = answer.body;
      if (body.cufe && body.number) {
        cufes.push({ number: body.number, cufe: body.cufe });
        run.sent += 1;
      } else {
        run.rejected.push({
          number: '—',
          message: `${body.error?.code ?? answer.status}: ${body.error?.message ?? 'no se pudo emitir'}`,
        });
      }
      if (!(await save(tenantId, run))) return; // replaced by a newer run
    }
    const deadline = options.now().getTime() + options.timeoutMs;
    const pending = new Map(cufes.map((c) => [c.cufe, c.number]));
    while (pending.size > 0 && options.now().getTime() < deadline) {
      for (const [cufe, number] of pending) {
        const view = await options.statusStore.findByCufe(tenantId, cufe);
        if (view?.status === 'accepted') {
          run.accepted += 1;
          pending.delete(cufe);
        } else if (view?.status === 'rejected') {
          const dian = view.taxAuthority;
          run.rejected.push({
            number,
            message: dian
              ? [dian.statusMessage, ...dian.errors.map((e) => `${e.rule}: ${e.message}`)].join(' · ')
              : 'rechazada',
          });
          pending.delete(cufe);
        } else if (view?.lastSubmissionFailure && !view.lastSubmissionFailure.nextAttemptAt) {
          // The submitter gave up on it (e.g. TEST_SET_REFUSED: DIAN does not know the TestSetId): no verdict will
          // come.
          run.rejected.push({
            number,
            message: `La DIAN no recibió el documento. ${dianFailureText(view.lastSubmissionFailure.reason)}`,
          });
          pending.delete(cufe);
        }
      }
      if (!(await save(tenantId, run))) return; // the progress, and the lease renewed
      if (pending.size > 0) await new Promise((resolve) => setTimeout(resolve, pollMs));
    }
    for (const number of pending.values())
      run.rejected.push({ number, message: 'Sin respuesta de la DIAN a tiempo; inténtelo de nuevo.' });
    if (run.accepted === run.total) {
      // The audit event first: a crash before the run is saved leaves it running, and the takeover records it again
      // rather than never.
      await options.commands.recordTestSetPassed(tenantId, run.actor, {
        testSetId: run.testSetId,
        accepted: run.accepted,
      });
      run.state = 'passed';
    } else {
      run.state = 'failed';
    }
    await save(tenantId, run);
  }

  /** Follows `run` in the background; a failure of ours ends it as failed. */
  function launch(tenantId: string, run: TestSetRun): void {
    following.add(run.runId);
    void follow(tenantId, run)
      .catch(async (error: unknown) => {
        options.logger.error(
          { err: { name: (error as Error).name, code: (error as { code?: string }).code }, tenant_id: tenantId },
          'the habilitación run failed',
        );
        run.rejected.push({ number: '—', message: 'El envío falló de nuestro lado; inténtelo de nuevo.' });
        run.state = 'failed';
        // the store may be what failed: the lease then ends and another process takes it over
        await save(tenantId, run).catch(() => undefined);
      })
      .finally(() => following.delete(run.runId));
  }

  /** A fresh start of `run` under this process's lease; undefined when another process holds it. */
  async function claim(
    tenantId: string,
    run: Pick<TestSetRun, 'runId' | 'testSetId' | 'actor' | 'startedAt'>,
  ): Promise<TestSetRun | undefined> {
    const now = options.now();
    const claimed: TestSetRun = {
      ...run,
      holder: randomUUID(),
      leaseUntil: new Date(now.getTime() + leaseMs),
      state: 'running',
      total: options.documents,
      sent: 0,
      accepted: 0,
      rejected: [],
    };
    if (!(await options.registry.claimTestSetRun(tenantId, claimed, now))) return undefined;
    launch(tenantId, claimed);
    return claimed;
  }

  return {
    async start(tenantId, { testSetId, actor }) {
      await claim(tenantId, { runId: randomUUID(), testSetId: testSetId.trim(), actor, startedAt: options.now() });
    },
    async progress(tenantId) {
      const run = await options.registry.testSetRun(tenantId);
      if (!run) return undefined;
      const abandoned = run.state === 'running' && run.leaseUntil <= options.now() && !following.has(run.runId);
      return progressOf(abandoned ? ((await claim(tenantId, run)) ?? run) : run);
    },
  };
}

const progressOf = ({ state, total, sent, accepted, rejected }: TestSetRun): TestSetProgress => ({
  state,
  total,
  sent,
  accepted,
  rejected,
});

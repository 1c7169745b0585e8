import { DeciderSpecification } from '@fe/platform/testing';
import { describe, it } from 'vitest';
import { imported } from '../../test-support/received-invoice-events.ts';
import { evolveReceivedInvoice, initialReceivedInvoiceState } from '../stream/received-invoice-state.ts';
import { decideImport } from './decide-import.ts';

const spec = DeciderSpecification.for({
  initialState: initialReceivedInvoiceState,
  evolve: evolveReceivedInvoice,
  decide: decideImport,
});

describe('decideImport: one received invoice per CUFE', () => {
  it('the first file of a CUFE is recorded, whatever its checks', () => {
    spec.given([]).when({ checks_passed: true }).then({ action: 'record' });
    spec.given([]).when({ checks_passed: false }).then({ action: 'record' });
  });

  it('the same invoice again: nothing', () => {
    spec.given([imported()]).when({ checks_passed: true }).then({ action: 'none', reason: 'already_imported' });
    spec
      .given([imported(false)])
      .when({ checks_passed: false })
      .then({ action: 'none', reason: 'already_imported' });
  });

  it('a file that passes after one that failed replaces it; never the other way', () => {
    spec
      .given([imported(false)])
      .when({ checks_passed: true })
      .then({ action: 'record' });
    spec.given([imported()]).when({ checks_passed: false }).then({ action: 'none', reason: 'already_imported' });
  });
});

import type { RuleCode } from './catalogue.ts';
import type { RuleGroupCheck } from './context.ts';
import { dv } from './party-rules.ts';

/** FAV03: the literal an AIU invoice's Administración note starts with (annex 1.9), then the contract's object. */
const AIU_NOTE = 'Contrato de servicios AIU por concepto de:';
/** FAV03 bounds the whole note: 20 to 5000 characters. */
const AIU_NOTE_LENGTH = { min: 20, max: 5000 };

/**
 * The operations beyond the standard sale (reference §3.2, table 13.1.5): an AIU invoice (09) names its contract in
 * its Administración line's note; a mandate invoice (11) says of each line whose income it is, and a principal's line
 * identifies the principal. Which line is the profit cannot be read from the XML, so IVA on the profit only is the
 * product's check, not the simulator's.
 */
export const checkOperations: RuleGroupCheck = ({ view }) => {
  const failures: RuleCode[] = [];
  if (view.customizationId === '09') {
    const named = view.lines.some((line) =>
      line.notes.some(
        (note) =>
          note.startsWith(AIU_NOTE) &&
          note.length >= AIU_NOTE_LENGTH.min &&
          note.length <= AIU_NOTE_LENGTH.max &&
          note.length > AIU_NOTE.length,
      ),
    );
    if (!named) failures.push('FAV03');
  }
  if (view.customizationId === '11') {
    const lines = view.lines;
    if (lines.some((line) => line.lineId.schemeId !== '0' && line.lineId.schemeId !== '1')) failures.push('SIM-MAN01');
    const principals = lines.filter((line) => line.lineId.schemeId === '1').map((line) => line.principalId);
    if (principals.some((id) => !id?.value || !id.schemeName)) failures.push('SIM-MAN02');
    else if (principals.some((id) => id!.schemeName === '31' && String(dv(id!.value!)) !== id!.schemeId))
      failures.push('SIM-MAN03');
  }
  return failures;
};

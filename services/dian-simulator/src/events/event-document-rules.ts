import { hash } from 'node:crypto';
import type { SimulatorConfig, SimulatorSoftware } from '../config.ts';
import type { RuleCode } from '../rules/catalogue.ts';
import { isSupportedEvent } from './event-codes.ts';
import type { EventView } from './event-view.ts';

/**
 * The event document on its own: a supported code (SIM-EV01), the environment (SIM-EV02), the sender's software
 * (SIM-EV03) and the CUDE (AAD06), computed here with the annex formula and the PIN of the software the event names,
 * never with @fe/dian-domain's: a shared bug would otherwise agree with itself.
 */
export function checkEventDocument(
  view: EventView,
  config: Pick<SimulatorConfig, 'environment'>,
  software: SimulatorSoftware | undefined,
): RuleCode[] {
  const failures: RuleCode[] = [];
  if (!isSupportedEvent(view.code)) failures.push('SIM-EV01');
  const environment = software?.environment ?? config.environment;
  if (view.uuid.schemeId !== environment || view.profileExecutionId !== environment) failures.push('SIM-EV02');
  if (!software) failures.push('SIM-EV03');
  if (!software || view.uuid.schemeName !== 'CUDE-SHA384' || view.uuid.value !== expectedCude(view, software.pin))
    failures.push('AAD06');
  return failures;
}

/**
 * Annex reference §1.4: SHA-384 of ID, IssueDate, IssueTime, the sender's and receiver's CompanyID, ResponseCode,
 * DocumentReference/ID and DocumentTypeCode, then the software PIN, with no separator. A blank endorsement (037,
 * @listID 2) leaves the sender out and follows the code with its listID, as DIAN's validator does.
 */
function expectedCude(view: EventView, pin: string): string {
  const blank = view.code === '037' && view.listId === '2';
  const fields = [
    view.id,
    view.issueDate,
    view.issueTime,
    ...(blank ? [] : [view.sender.id]),
    view.receiver.id,
    view.code,
    ...(blank ? [view.listId] : []),
    view.reference.id,
    view.reference.typeCode,
  ];
  return hash('sha384', fields.map((f) => f ?? '').join('') + pin, 'hex');
}

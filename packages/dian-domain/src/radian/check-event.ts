import type { ErrorDetail } from '@fe/contracts';
import { failure, type Result } from '../errors/domain-error.ts';
import { parseNit } from '../nit/nit-check-digit.ts';
import { zodDetails } from '../validation/zod-details.ts';
import { claimReasons, isClaimReason, type ClaimReason } from './claim-reasons.ts';
import {
  eventContentSchema,
  type EndorsementData,
  type EventContent,
  type ParsedEventContent,
  type TitleValueData,
} from './event-content.ts';
import { dianEventReceiver, isRadianEventCode, radianEvents, type RadianEvent } from './event-codes.ts';
import { endorsementPrice, isPercentage, remainingTitleValue } from './negotiation.ts';
import { SWORN_STATEMENT } from './tacit-acceptance.ts';

/** An event's content past its rules, for the builder (build-event.ts). */
export type ValidatedEvent = Omit<
  ParsedEventContent,
  'eventCode' | 'operationType' | 'claimReason' | 'titleValue' | 'endorsement'
> & {
  event: RadianEvent;
  /** cbc:CustomizationID. */
  customizationId: string;
  claimReason?: { code: ClaimReason; name: string };
  /** 036: with NuevoValorTV. */
  titleValue?: TitleValueData & { newAmount: string };
  /** 037: with PrecioPagarseFEV. */
  endorsement?: EndorsementData & { price: string };
};

const INVALID = 'The event has invalid or missing fields.';

/** The sender's checks: VALIDATION_ERROR naming every field, then NIT_INVALID (a NIT and its DV disagree). */
export function checkEventContent(content: EventContent): Result<ValidatedEvent> {
  const parsed = eventContentSchema.safeParse(content);
  if (!parsed.success) return failure('VALIDATION_ERROR', INVALID, zodDetails(parsed.error));
  const { eventCode, operationType, claimReason, titleValue, endorsement, ...rest } = parsed.data;
  if (!isRadianEventCode(eventCode)) {
    const supported = Object.keys(radianEvents).join(', ');
    return failure('VALIDATION_ERROR', INVALID, [
      { path: 'eventCode', message: `not a supported event (${supported})` },
    ]);
  }
  const event = radianEvents[eventCode];
  const errors = ruleErrors(parsed.data, event);
  if (errors.length) return failure('VALIDATION_ERROR', INVALID, errors);
  const nits = (['sender', 'receiver', 'person'] as const).flatMap((path) => nitErrors(path, parsed.data[path]));
  if (nits.length) return failure('NIT_INVALID', 'A NIT is invalid; verify it with its check digit.', nits);
  return {
    ok: true,
    value: {
      ...rest,
      event,
      customizationId: operationType ?? event.operationTypes[0]!,
      ...(claimReason && isClaimReason(claimReason)
        ? { claimReason: { code: claimReason, name: claimReasons[claimReason] } }
        : {}),
      ...(titleValue
        ? {
            titleValue: {
              ...titleValue,
              newAmount: remainingTitleValue(titleValue.invoiceAmount, titleValue.paidAmount)!,
            },
          }
        : {}),
      ...(endorsement
        ? { endorsement: { ...endorsement, price: endorsementPrice(endorsement.amount, endorsement.discountRate) } }
        : {}),
    },
  };
}

function ruleErrors(c: ParsedEventContent, event: RadianEvent): ErrorDetail[] {
  const errors: ErrorDetail[] = [];
  const add = (path: string, message: string) => errors.push({ path, message });
  const operations = event.operationTypes;
  if (c.operationType === undefined ? operations.length > 1 : !operations.includes(c.operationType))
    add('operationType', `event ${event.code} takes operation type ${operations.join(' or ')}`);
  if (event.code === '031') {
    if (c.claimReason === undefined || !isClaimReason(c.claimReason))
      add('claimReason', 'a claim (031) names its reason: 01, 02, 03 or 04');
  } else if (c.claimReason !== undefined) add('claimReason', 'only a claim (031) carries a reason');
  if (event.person && !c.person)
    add('person', `event ${event.code} names the person who received or accepted (IssuerParty/Person)`);
  if (event.code === '034' && !c.note?.toLowerCase().includes(SWORN_STATEMENT))
    add('note', 'a tacit acceptance (034) carries the sworn statement (tacitAcceptanceStatement)');
  titleValueErrors(c, event, add);
  if (event.toDian && (c.receiver.id !== dianEventReceiver.id || c.receiver.documentType !== '31'))
    add('receiver.id', `event ${event.code} is addressed to DIAN (NIT ${dianEventReceiver.id})`);
  for (const path of ['sender', 'receiver', 'person'] as const) {
    const who = c[path];
    if (who?.documentType === '31' && who.dv === undefined) add(`${path}.dv`, 'a NIT carries its check digit');
    if (who && who.documentType !== '31' && who.dv !== undefined) add(`${path}.dv`, 'only a NIT has a check digit');
  }
  return errors;
}

/** A 036 carries its ConstanciadePagos and a 037 its negotiation; no other event carries either. */
function titleValueErrors(c: ParsedEventContent, event: RadianEvent, add: (path: string, message: string) => void) {
  if (event.code !== '036' && c.titleValue) add('titleValue', 'only a registration as título valor (036) carries it');
  if (event.code !== '037' && c.endorsement) add('endorsement', 'only an endorsement (037) carries it');
  if (event.code === '036') {
    if (!c.titleValue) add('titleValue', "a 036 carries the invoice's value, what was paid and its due date");
    else if (remainingTitleValue(c.titleValue.invoiceAmount, c.titleValue.paidAmount) === undefined)
      add('titleValue.paidAmount', "what was paid cannot exceed the invoice's value");
  }
  if (event.code === '037') {
    if (!c.endorsement) add('endorsement', 'a 037 carries its kind, value, discount rate, payment means and due date');
    else {
      if (!isPercentage(c.endorsement.discountRate)) add('endorsement.discountRate', 'at most 100');
      if (/^0+\.00$/.test(c.endorsement.amount)) add('endorsement.amount', 'an endorsement is of more than 0.00');
    }
  }
}

function nitErrors(
  path: string,
  who: { documentType: string; id: string; dv?: number | undefined } | undefined,
): ErrorDetail[] {
  if (who?.documentType !== '31') return [];
  const nit = parseNit(who.id, String(who.dv));
  return nit.ok ? [] : [{ path: `${path}.id`, message: nit.reason }];
}

import type { CreditNoteRequestedV3, DebitNoteRequestedV3 } from '@fe/contracts';
import {
  buildNoteXml,
  checkNoteDocument,
  NOTE_BUILD_RULES_WHEN_ABSENT,
  noteContentOf,
  type BuiltNote,
} from '@fe/dian-domain';
import { knownBuildRules } from '../recorded-build-rules.ts';
import { SignerError } from '../errors.ts';
import type { SigningProfile } from '../on-invoice-requested/signing-tenants.ts';

export type NoteRequested = CreditNoteRequestedV3 | DebitNoteRequestedV3;

/**
 * The unsigned note exactly as ingress built it when it computed the recorded CUDE; a CUDE that differs is
 * CUDE_MISMATCH (rebuild-invoice.ts says why).
 */
export function rebuildNote(requested: NoteRequested, profile: SigningProfile): BuiltNote {
  const { data } = requested;
  const content = noteContentOf(requested);
  const note = checkNoteDocument(
    content,
    data.build_rules === undefined ? NOTE_BUILD_RULES_WHEN_ABSENT : knownBuildRules(data.build_rules),
  );
  if (!note.ok) throw new SignerError('REQUEST_INVALID', note.error.code);

  let built: BuiltNote;
  try {
    built = buildNoteXml({
      note: note.value,
      tenant: profile.tenant,
      software: profile.software,
      environment: data.environment, // as recorded: the tenant may have moved to production since
      prefix: data.prefix,
      number: data.number,
      issuedAt: new Date(data.issued_at),
    });
  } catch (error) {
    // The builder's RangeError names the broken invariant (a number a cbc:ID cannot carry, a
    // character XML cannot carry, …), never customer text.
    if (error instanceof RangeError) throw new SignerError('REBUILD_FAILED', error.message, { cause: error });
    throw error;
  }

  if (built.documentId !== data.document_id) {
    throw new SignerError('DOCUMENT_ID_MISMATCH', `rebuilt ${built.documentId}, recorded ${data.document_id}`);
  }
  if (built.cude !== data.cude) {
    throw new SignerError('CUDE_MISMATCH', `rebuilt ${built.cude.slice(0, 12)}…, recorded ${data.cude.slice(0, 12)}…`);
  }
  return built;
}

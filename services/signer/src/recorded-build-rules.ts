import { isKnownBuildRules, type BuildRules } from '@fe/dian-domain';
import { SignerError } from './errors.ts';

/**
 * The build rules a document's first event names. An unknown version came from a later release, and guessing would
 * sign another key, so it is BUILD_RULES_UNKNOWN (a re-drive after the upgrade signs it).
 */
export function knownBuildRules(recorded: number): BuildRules {
  if (!isKnownBuildRules(recorded)) throw new SignerError('BUILD_RULES_UNKNOWN', `build_rules ${recorded}`);
  return recorded;
}

import { isKnownBuildRules, type BuildRules } from '@fe/dian-domain';
import { SignerError } from './errors.ts';

/**
 * The build rules version a document's first event names (`build_rules`). A version this release
 * does not know was recorded by a later one: guessing would sign a document whose key differs, so it
 * is BUILD_RULES_UNKNOWN (dead letter and halt, like any refusal to sign; a redrive after the
 * upgrade signs it).
 */
export function knownBuildRules(recorded: number): BuildRules {
  if (!isKnownBuildRules(recorded)) throw new SignerError('BUILD_RULES_UNKNOWN', `build_rules ${recorded}`);
  return recorded;
}

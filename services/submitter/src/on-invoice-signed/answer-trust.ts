import { verifyApplicationResponseSignature } from '@fe/xades';

/** Why an ApplicationResponse cannot be taken as DIAN's (its failed checks), or undefined when it can. */
export type AnswerTrust = (applicationResponseXml: string) => string | undefined;

/**
 * DIAN's answers checked before a verdict is recorded: the ApplicationResponse's signature holds and
 * its certificate is, or is issued by, one of `anchorPem`'s (DIAN_TRUSTED_PEM; the embedded shape's
 * built-in simulator certificate). Without an anchor there is no check (the service warns at start).
 */
export function answerTrust(anchorPem: string): AnswerTrust {
  return (xml) => {
    const failedChecks = verifyApplicationResponseSignature(xml, anchorPem).checks.filter((c) => c.ok === false);
    return failedChecks.length ? failedChecks.map((c) => `${c.name}: ${c.detail}`).join('; ') : undefined;
  };
}

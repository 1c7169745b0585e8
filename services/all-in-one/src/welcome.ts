/**
 * What a newcomer sees after the start line: where the service is, the demo tenant's API key and
 * a curl line that issues a real invoice (decisions.md: "prints its API key and a ready curl line").
 */
export function welcomeText(url: string, apiKey: string, created: boolean, examplePath: string): string {
  return [
    '',
    `  Electronic invoicing service (embedded) at ${url}`,
    `  ${created ? 'Created the' : 'Using the'} demo tenant (habilitación, prefix SETP, DIAN's public test range)`,
    `  API key: ${apiKey}`,
    '',
    '  Issue an invoice:',
    `    curl -sS -X POST ${url}/api/v1/service/invoice \\`,
    `      -H 'Authorization: Bearer ${apiKey}' -H 'Content-Type: application/json' \\`,
    `      --data @${examplePath}`,
    '',
    '  Then read its status (the cufe from the answer):',
    `    curl -sS ${url}/api/v1/service/status/<cufe> -H 'Authorization: Bearer ${apiKey}'`,
    '',
    `  OpenAPI: ${url}/docs`,
    '',
  ].join('\n');
}

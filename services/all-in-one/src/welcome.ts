/**
 * What a newcomer sees after the start line. The demo key is printed only on the start that created it: a key in
 * every start's log is a key in every backup of that log; later starts name `pnpm fe api-key`.
 */
export type Welcome = {
  url: string;
  /** The example request, as the user would type its path. */
  examplePath: string;
  /** The data folder, absolute: every command printed names it, so it works from any shell and folder. */
  dataDir: string;
  /** The command that prints the demo tenant's current key; default `pnpm -s fe api-key --data-dir <dataDir>`. */
  apiKeyCommand?: string;
  /** `issuedApiKey`: the key when this start issued it, the only start that prints it. */
  demo: { created: boolean; issuedApiKey: string | undefined };
  /** Which shape answers at `url`: the embedded default, or one process per service. */
  shape?: 'embedded' | 'distributed';
  /**
   * The admin portal's address: `${url}/admin` by default (the embedded process mounts it), its own process's in the
   * distributed shape.
   */
  portalUrl?: string;
  /** /healthz on its own listener (absent: not shown). */
  healthUrl?: string | undefined;
  /** Where the buyers' mails go (absent: not shown). */
  mail?: { kind: 'smtp' | 'outbox'; destination: string } | undefined;
};

export function welcomeText({
  url,
  examplePath,
  dataDir,
  apiKeyCommand = `pnpm -s fe api-key --data-dir ${shellWord(dataDir)}`,
  demo,
  shape = 'embedded',
  mail,
  healthUrl,
  portalUrl = `${url}/admin`,
}: Welcome): string {
  const key =
    demo.issuedApiKey !== undefined
      ? [
          `  Its API key, printed this once (\`${apiKeyCommand}\` prints it again):`,
          `    export FE_API_KEY=${demo.issuedApiKey}`,
        ]
      : ['  Its API key is not printed again; to put it in your shell:', `    export FE_API_KEY=$(${apiKeyCommand})`];
  const outbox = `pnpm fe outbox --data-dir ${shellWord(dataDir)}`;
  return [
    '',
    `  Electronic invoicing service (${shape}) at ${url}`,
    `  ${demo.created ? 'Created the' : 'Using the'} demo tenant (habilitación, prefix SETP, DIAN's public test range)`,
    ...key,
    '',
    '  Issue an invoice:',
    `    curl -sS -X POST ${url}/api/v1/service/invoice \\`,
    `      -H "Authorization: Bearer $FE_API_KEY" -H 'Content-Type: application/json' \\`,
    `      --data @${examplePath}`,
    '',
    '  Then read its status (the cufe from the answer):',
    `    curl -sS ${url}/api/v1/service/status/<cufe> -H "Authorization: Bearer $FE_API_KEY"`,
    '',
    ...(healthUrl ? [`  Health (its own port): ${healthUrl}`] : []),
    `  API reference: ${url}/docs (the OpenAPI document: ${url}/docs/openapi.json)`,
    ...(mail
      ? [
          '',
          mail.kind === 'outbox'
            ? `  Mails (to buyers, and the portal's) are not sent (no FE_SMTP_URL): they are written to ${mail.destination}; \`${outbox}\` lists them, \`${outbox} --last --to <email>\` shows one.`
            : `  Mails (to buyers, and the portal's) leave through ${mail.destination}.`,
        ]
      : []),
    `  Admin portal (sign up a company of your own): ${portalUrl}`,
    '',
  ].join('\n');
}

/** A path as one shell word, quoted only when it needs to be. */
export function shellWord(text: string): string {
  return /^[\w./-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}

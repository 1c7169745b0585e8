// p.5, the admin portal: malformed form posts on anonymous and logged-in pages, and a 51 MB certificate form. Each
// must be a 4xx page with its refusal, never a 500, and no body is read in full before it is refused.
import type { Context } from './context.ts';
import { multipart, type Visitor } from './portal.ts';
import { streamPost } from './stream-post.ts';
import { Tally } from './tally.ts';

const MB = 1024 * 1024;

type BadPost = { what: string; headers: Record<string, string>; body: string | Buffer };

const badPosts = (): BadPost[] => {
  const tooMany = multipart(Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`f${i}`, 'x'])));
  const wrongBoundary = multipart({ email: 'a@b.example' }, undefined, 'realBoundary');
  return [
    { what: 'text/plain form', headers: { 'content-type': 'text/plain' }, body: 'email=a%40b.example' },
    { what: 'no content type', headers: {}, body: 'email=a%40b.example' },
    {
      what: 'form over 64 kB',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `email=${'a'.repeat(70 * 1024)}`,
    },
    { what: '40 multipart fields', headers: { 'content-type': tooMany.contentType }, body: tooMany.body },
    {
      what: 'multipart with another boundary',
      headers: { 'content-type': 'multipart/form-data; boundary=notTheOne' },
      body: wrongBoundary.body,
    },
    {
      what: 'multipart without boundary',
      headers: { 'content-type': 'multipart/form-data' },
      body: wrongBoundary.body,
    },
    { what: 'bad JSON', headers: { 'content-type': 'application/json' }, body: '{"email": ' },
    {
      what: 'Content-Encoding: gzip',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-encoding': 'gzip' },
      body: 'email=a%40b.example',
    },
  ];
};

export async function probePortal(context: Context, session: Visitor | undefined, anonymous: Visitor) {
  const tally = new Tally('p.5 portal bad input');
  const pages: [Visitor, string][] = [
    [anonymous, '/login'],
    [anonymous, '/password'],
    [anonymous, '/signup'],
    ...(session
      ? ([
          [session, '/onboarding/company'],
          [session, '/onboarding/certificate'],
        ] as [Visitor, string][])
      : []),
  ];
  for (const [visitor, page] of pages)
    for (const bad of badPosts()) {
      const answer = await visitor.request(page, { method: 'POST', headers: bad.headers, body: bad.body });
      tally.count(answer, `${bad.what} to ${page}`);
      if (answer.status >= 400 && answer.status < 500 && !/data-error-code=/.test(answer.text))
        tally.note(`${bad.what} to ${page}: ${answer.status} without a refusal page`);
    }
  if (session) {
    const big = multipart({ password: 'x' }, Buffer.alloc(0));
    const cookie = [...session.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const answer = await streamPost(
      `${context.target.portal}/onboarding/certificate`,
      { 'content-type': big.contentType, cookie },
      51 * MB,
      90_000,
    );
    tally.count(answer, '51 MB certificate form');
    if (answer.writtenBeforeAnswer > 20 * MB)
      tally.isStuck(
        `51 MB certificate form: ${(answer.writtenBeforeAnswer / MB).toFixed(0)} MB read before its answer`,
      );
  } else tally.note('no portal session: the logged-in pages were not probed');
  context.log(`p.5 portal: ${tally.sent} sent`);
  return tally;
}

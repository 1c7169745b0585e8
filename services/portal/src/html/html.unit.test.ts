import { describe, expect, it } from 'vitest';
import { html, raw } from './html.ts';

describe('html', () => {
  it('escapes every interpolated value, in text and in attributes, and nests its own output unescaped', () => {
    const name = `<script>alert("x")</script> & 'Co'`;
    expect(html`<p title="${name}">${name}</p>`.text).toBe(
      '<p title="&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;Co&#39;">&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;Co&#39;</p>',
    );
    expect(html`<ul>${['<a>', 'b'].map((item) => html`<li>${item}</li>`)}</ul>`.text).toBe(
      '<ul><li>&lt;a&gt;</li><li>b</li></ul>',
    );
    expect(html`${undefined}${null}${false}${0}${raw('<br>')}`.text).toBe('0<br>');
  });
});

import { describe, expect, it } from 'vitest';
import { drawable } from './fonts.ts';

describe('drawable', () => {
  it('keeps Spanish text in the standard font, unchanged', () => {
    const text = 'Compañía «Ñandú» — año, señal ¿qué? ¡sí! 10 € • “ok”…';
    expect(drawable(text)).toEqual({ font: 'Helvetica', text });
    expect(drawable(text, 'bold').font).toBe('Helvetica-Bold');
  });

  it('composes decomposed accents (NFD from some keyboards and databases)', () => {
    expect(drawable('Nin\u0303o Jose\u0301')).toEqual({ font: 'Helvetica', text: 'Niño José' });
  });

  it('turns controls into spaces, and keeps line breaks only when asked', () => {
    expect(drawable('a\tb\u0007c\nd').text).toBe('a b c d');
    expect(drawable('a\tb\nc', 'regular', true).text).toBe('a b\nc');
  });

  it('draws what only DejaVu has with the embedded fallback font', () => {
    expect(drawable('Café ☺ 😀 Ωmega')).toEqual({ font: 'fallback', text: 'Café ☺ 😀 Ωmega' });
  });

  it('replaces each run of characters no font has with one U+FFFD', () => {
    expect(drawable('Recibo 🧾 de 中文名字 ok').text).toBe('Recibo \uFFFD de \uFFFD ok');
    expect(drawable('lone \uD800 surrogate', 'bold')).toEqual({ font: 'fallback-bold', text: 'lone \uFFFD surrogate' });
  });
});

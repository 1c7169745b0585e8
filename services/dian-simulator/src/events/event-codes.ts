/** The RADIAN events the simulator registers (docs/radian.md): the buyer's 030–033, the issuer's 034, 036 and 037. */
const EVENT_CODES = new Set(['030', '031', '032', '033', '034', '036', '037']);

export const isSupportedEvent = (code: string | undefined): code is string =>
  code !== undefined && EVENT_CODES.has(code);

/** The NIT events 034 and 036 are addressed to. */
export const DIAN_NIT = '800197268';

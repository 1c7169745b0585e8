import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { eventCude, eventCudeInput } from './event-cude.ts';

const sha384 = (text: string) => createHash('sha384').update(text, 'utf8').digest('hex');

describe('the CUDE of an event', () => {
  // The annex's worked example (RADIAN annex numeral 12.1.1.1; transcribed alike by wariox3/nobelio
  // docs/anexo-radian.md and diegofxm/cofacture event/event_test.go): sender 99998888, receiver DIAN.
  it("reproduces the annex's example", () => {
    const cude = eventCude({
      id: '1',
      issueDate: '2019-04-30',
      issueTime: '19:48:50-05:00',
      senderId: '99998888',
      receiverId: '800197268',
      responseCode: '030',
      documentId: 'FE123',
      documentTypeCode: '01',
      pin: '11111',
    });
    expect(cude).toBe(
      '0d91ba25b01f5e7dbda870a11b274501d3a62a73e91932c473c86c93f12a142a2ac45876efcde3e679024a01c0be41f9',
    );
  });

  // DIAN's RADIAN toolkit example 030 writes its CUDE's input in cbc:Note[1].
  it("joins the fields in the order of DIAN's 030 example", () => {
    const fields = {
      id: 'ACR0021',
      issueDate: '2020-12-12',
      issueTime: '18:30:37-05:00',
      senderId: '900373979',
      receiverId: '900373972',
      responseCode: '030',
      documentId: 'SETG980000358',
      documentTypeCode: '01',
      pin: '20191',
    };
    expect(eventCudeInput(fields)).toBe('ACR00212020-12-1218:30:37-05:00900373979900373972030SETG9800003580120191');
    expect(eventCude(fields)).toBe(sha384(eventCudeInput(fields)));
  });
});

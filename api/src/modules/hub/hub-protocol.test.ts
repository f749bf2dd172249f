import {
  MessageType,
  PING_RECORD,
  RECORD_SEPARATOR,
  HubProtocolError,
  closeRecord,
  completionErrorRecord,
  completionResultRecord,
  handshakeResponse,
  invocationRecord,
  parseHandshakeRequest,
  parseHubMessage,
  splitRecords,
  unknownMethodError,
  writeRecord,
} from './hub-protocol';

const RS = RECORD_SEPARATOR;

describe('records', () => {
  it('writes JSON followed by the record separator', () => {
    expect(writeRecord({ type: 6 })).toBe(`{"type":6}${RS}`);
    expect(RS).toBe('\u001e');
  });

  it('splits complete records and keeps the unterminated rest', () => {
    expect(splitRecords(`{"a":1}${RS}{"b":2}${RS}{"c"`)).toEqual({ records: ['{"a":1}', '{"b":2}'], rest: '{"c"' });
    expect(splitRecords(`{"a":1}${RS}`)).toEqual({ records: ['{"a":1}'], rest: '' });
    expect(splitRecords('partial')).toEqual({ records: [], rest: 'partial' });
    expect(splitRecords(`${RS}${RS}{"a":1}${RS}`)).toEqual({ records: ['{"a":1}'], rest: '' });
  });
});

describe('handshake', () => {
  it('accepts json version 1 and 2', () => {
    expect(parseHandshakeRequest('{"protocol":"json","version":1}')).toEqual({ ok: true, protocol: 'json', version: 1 });
    expect(parseHandshakeRequest('{"protocol":"JSON","version":2}')).toEqual({ ok: true, protocol: 'json', version: 2 });
  });

  it.each([
    ['not json', 'not valid JSON'],
    ['[1]', 'JSON object'],
    ['{"version":1}', "'protocol'"],
    ['{"protocol":"json"}', "'version'"],
    ['{"protocol":"json","version":"1"}', "'version'"],
    ['{"protocol":"messagepack","version":1}', "Requested protocol 'messagepack' is not available."],
    ['{"protocol":"json","version":3}', "does not support version 3 of the 'json' protocol"],
  ])('refuses %s', (record, error) => {
    const result = parseHandshakeRequest(record);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toContain(error);
  });

  it('formats the response', () => {
    expect(handshakeResponse()).toBe(`{}${RS}`);
    expect(handshakeResponse('nope')).toBe(`{"error":"nope"}${RS}`);
  });
});

describe('hub messages', () => {
  it('parses invocations with and without an invocation id', () => {
    expect(parseHubMessage('{"type":1,"invocationId":"0","target":"GetConnectionId","arguments":[]}')).toEqual({
      type: MessageType.Invocation,
      invocationId: '0',
      target: 'GetConnectionId',
      arguments: [],
    });
    expect(parseHubMessage('{"type":1,"target":"Send","arguments":[1,"x"],"headers":{"a":"b"}}')).toEqual({
      type: 1,
      target: 'Send',
      arguments: [1, 'x'],
      headers: { a: 'b' },
    });
  });

  it('parses the other known types', () => {
    expect(parseHubMessage('{"type":6}')).toEqual({ type: 6 });
    expect(parseHubMessage('{"type":7,"error":"x","allowReconnect":true}')).toEqual({ type: 7, error: 'x', allowReconnect: true });
    expect(parseHubMessage('{"type":3,"invocationId":"1","result":42}')).toEqual({ type: 3, invocationId: '1', result: 42 });
    expect(parseHubMessage('{"type":3,"invocationId":"1","error":"bad"}')).toEqual({ type: 3, invocationId: '1', error: 'bad' });
    expect(parseHubMessage('{"type":2,"invocationId":"1","item":null}')).toEqual({ type: 2, invocationId: '1', item: null });
    expect(parseHubMessage('{"type":4,"invocationId":"1","target":"S","arguments":[]}')).toMatchObject({ type: 4 });
    expect(parseHubMessage('{"type":5,"invocationId":"1"}')).toEqual({ type: 5, invocationId: '1' });
    expect(parseHubMessage('{"type":8,"sequenceId":3}')).toEqual({ type: 8, sequenceId: 3 });
  });

  it('ignores unknown message types', () => {
    expect(parseHubMessage('{"type":42,"whatever":true}')).toBeNull();
  });

  it.each([
    'garbage',
    '"a string"',
    '{"target":"x","arguments":[]}',
    '{"type":"1","target":"x","arguments":[]}',
    '{"type":1,"target":"","arguments":[]}',
    '{"type":1,"target":"x"}',
    '{"type":1,"target":"x","arguments":[],"invocationId":5}',
    '{"type":1,"target":"x","arguments":[],"headers":{"a":1}}',
    '{"type":4,"target":"x","arguments":[]}',
    '{"type":2,"invocationId":"1"}',
    '{"type":3}',
    '{"type":3,"invocationId":"1","result":1,"error":"e"}',
    '{"type":5}',
    '{"type":9}',
  ])('rejects %s', (record) => {
    expect(() => parseHubMessage(record)).toThrow(HubProtocolError);
  });

  it('formats server messages', () => {
    expect(invocationRecord('ReceiveSessionStatus', ['bye'])).toBe(`{"type":1,"target":"ReceiveSessionStatus","arguments":["bye"]}${RS}`);
    expect(completionResultRecord('7', 'abc')).toBe(`{"type":3,"invocationId":"7","result":"abc"}${RS}`);
    expect(completionResultRecord('7', undefined)).toBe(`{"type":3,"invocationId":"7"}${RS}`);
    expect(completionResultRecord('7', null)).toBe(`{"type":3,"invocationId":"7","result":null}${RS}`);
    expect(completionErrorRecord('7', 'boom')).toBe(`{"type":3,"invocationId":"7","error":"boom"}${RS}`);
    expect(PING_RECORD).toBe(`{"type":6}${RS}`);
    expect(closeRecord()).toBe(`{"type":7}${RS}`);
    expect(closeRecord('err', false)).toBe(`{"type":7,"error":"err","allowReconnect":false}${RS}`);
    expect(unknownMethodError('Nope')).toContain("'Nope'");
  });
});

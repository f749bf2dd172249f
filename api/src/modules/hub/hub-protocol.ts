/**
 * SignalR JSON hub protocol (text transfer format), server side.
 *
 * Every record is a JSON document terminated by the record separator 0x1E. A connection
 * starts with a handshake request from the client ({"protocol":"json","version":1}) that the
 * server answers with `{}` (accepted) or `{"error":"..."}` (refused); after that both sides
 * exchange hub messages identified by their numeric `type`.
 *
 * Pure functions only: no sockets, no timers.
 */

export const RECORD_SEPARATOR = '\x1e';

export const MessageType = {
  Invocation: 1,
  StreamItem: 2,
  Completion: 3,
  StreamInvocation: 4,
  CancelInvocation: 5,
  Ping: 6,
  Close: 7,
  Ack: 8,
  Sequence: 9,
} as const;
export type MessageType = (typeof MessageType)[keyof typeof MessageType];

export interface InvocationMessage {
  type: typeof MessageType.Invocation;
  target: string;
  arguments: unknown[];
  invocationId?: string;
  headers?: Record<string, string>;
  streamIds?: string[];
}

export interface StreamInvocationMessage {
  type: typeof MessageType.StreamInvocation;
  target: string;
  arguments: unknown[];
  invocationId: string;
  headers?: Record<string, string>;
  streamIds?: string[];
}

export interface StreamItemMessage {
  type: typeof MessageType.StreamItem;
  invocationId: string;
  item: unknown;
}

export interface CompletionMessage {
  type: typeof MessageType.Completion;
  invocationId: string;
  result?: unknown;
  error?: string;
}

export interface CancelInvocationMessage {
  type: typeof MessageType.CancelInvocation;
  invocationId: string;
}

export interface PingMessage {
  type: typeof MessageType.Ping;
}

export interface CloseMessage {
  type: typeof MessageType.Close;
  error?: string;
  allowReconnect?: boolean;
}

export interface AckMessage {
  type: typeof MessageType.Ack;
  sequenceId: number;
}

export interface SequenceMessage {
  type: typeof MessageType.Sequence;
  sequenceId: number;
}

export type HubMessage =
  | InvocationMessage
  | StreamInvocationMessage
  | StreamItemMessage
  | CompletionMessage
  | CancelInvocationMessage
  | PingMessage
  | CloseMessage
  | AckMessage
  | SequenceMessage;

/** A record or message that breaks the protocol; the connection must be closed. */
export class HubProtocolError extends Error {
  override name = 'HubProtocolError';
}

/** Protocol name and versions this server accepts in the handshake. */
export const PROTOCOL_NAME = 'json';
export const MIN_PROTOCOL_VERSION = 1;
export const MAX_PROTOCOL_VERSION = 2;

// ---------------------------------------------------------------------------------------------
// Records

/** Serialises one message as a record (JSON + separator). */
export function writeRecord(message: object): string {
  return JSON.stringify(message) + RECORD_SEPARATOR;
}

/**
 * Splits buffered text into complete records and the unterminated remainder, which the caller
 * keeps until more data arrives. Empty records (two separators in a row) are dropped.
 */
export function splitRecords(buffered: string): { records: string[]; rest: string } {
  const parts = buffered.split(RECORD_SEPARATOR);
  const rest = parts.pop() ?? '';
  return { records: parts.filter((p) => p.length > 0), rest };
}

// ---------------------------------------------------------------------------------------------
// Handshake

export type HandshakeResult = { ok: true; protocol: string; version: number } | { ok: false; error: string };

/** Validates the client's handshake request record (without its separator). */
export function parseHandshakeRequest(record: string): HandshakeResult {
  let value: unknown;
  try {
    value = JSON.parse(record);
  } catch {
    return { ok: false, error: 'Handshake request is not valid JSON.' };
  }
  if (!isObject(value)) return { ok: false, error: 'Handshake request must be a JSON object.' };
  const { protocol, version } = value;
  if (typeof protocol !== 'string' || protocol === '') {
    return { ok: false, error: "Handshake request is missing the 'protocol' field." };
  }
  if (typeof version !== 'number' || !Number.isInteger(version)) {
    return { ok: false, error: "Handshake request is missing the 'version' field." };
  }
  if (protocol.toLowerCase() !== PROTOCOL_NAME) {
    return { ok: false, error: `Requested protocol '${protocol}' is not available.` };
  }
  if (version < MIN_PROTOCOL_VERSION || version > MAX_PROTOCOL_VERSION) {
    return { ok: false, error: `The server does not support version ${version} of the '${protocol}' protocol.` };
  }
  return { ok: true, protocol: PROTOCOL_NAME, version };
}

/** Handshake response record: `{}` when accepted, `{"error":...}` when refused. */
export function handshakeResponse(error?: string): string {
  return writeRecord(error === undefined ? {} : { error });
}

// ---------------------------------------------------------------------------------------------
// Hub messages

/**
 * Parses one record into a hub message. Returns null for message types this protocol version
 * does not know (they are ignored, as SignalR's hub protocol asks). Throws HubProtocolError for anything
 * malformed.
 */
export function parseHubMessage(record: string): HubMessage | null {
  let value: unknown;
  try {
    value = JSON.parse(record);
  } catch {
    throw new HubProtocolError('Message is not valid JSON.');
  }
  if (!isObject(value)) throw new HubProtocolError('Message must be a JSON object.');
  const { type } = value;
  if (typeof type !== 'number') throw new HubProtocolError("Message is missing the 'type' field.");

  switch (type) {
    case MessageType.Invocation:
    case MessageType.StreamInvocation: {
      const { target, invocationId, headers, streamIds } = value;
      const args = value.arguments;
      if (typeof target !== 'string' || target === '') throw new HubProtocolError('Invalid payload for Invocation message.');
      if (!Array.isArray(args)) throw new HubProtocolError('Invalid payload for Invocation message.');
      if (invocationId !== undefined && !isNonEmptyString(invocationId)) {
        throw new HubProtocolError('Invalid payload for Invocation message.');
      }
      if (type === MessageType.StreamInvocation && invocationId === undefined) {
        throw new HubProtocolError('Invalid payload for StreamInvocation message.');
      }
      if (headers !== undefined && !isStringRecord(headers)) throw new HubProtocolError('Invalid message headers.');
      if (streamIds !== undefined && !(Array.isArray(streamIds) && streamIds.every(isNonEmptyString))) {
        throw new HubProtocolError('Invalid payload for Invocation message.');
      }
      return {
        type,
        target,
        arguments: args,
        ...(invocationId !== undefined ? { invocationId } : {}),
        ...(headers !== undefined ? { headers } : {}),
        ...(streamIds !== undefined ? { streamIds } : {}),
      } as InvocationMessage | StreamInvocationMessage;
    }
    case MessageType.StreamItem: {
      const { invocationId, item } = value;
      if (!isNonEmptyString(invocationId) || item === undefined) {
        throw new HubProtocolError('Invalid payload for StreamItem message.');
      }
      return { type, invocationId, item };
    }
    case MessageType.Completion: {
      const { invocationId, result, error } = value;
      if (!isNonEmptyString(invocationId)) throw new HubProtocolError('Invalid payload for Completion message.');
      if (error !== undefined && typeof error !== 'string') throw new HubProtocolError('Invalid payload for Completion message.');
      if (error !== undefined && result !== undefined) throw new HubProtocolError('Invalid payload for Completion message.');
      return {
        type,
        invocationId,
        ...(result !== undefined ? { result } : {}),
        ...(error !== undefined ? { error } : {}),
      };
    }
    case MessageType.CancelInvocation: {
      const { invocationId } = value;
      if (!isNonEmptyString(invocationId)) throw new HubProtocolError('Invalid payload for CancelInvocation message.');
      return { type, invocationId };
    }
    case MessageType.Ping:
      return { type };
    case MessageType.Close: {
      const { error, allowReconnect } = value;
      return {
        type,
        ...(typeof error === 'string' ? { error } : {}),
        ...(typeof allowReconnect === 'boolean' ? { allowReconnect } : {}),
      };
    }
    case MessageType.Ack:
    case MessageType.Sequence: {
      const { sequenceId } = value;
      if (typeof sequenceId !== 'number') throw new HubProtocolError('Invalid SequenceId.');
      return { type, sequenceId } as AckMessage | SequenceMessage;
    }
    default:
      return null;
  }
}

/** Server → client invocation of a client method (no invocationId: no reply expected). */
export function invocationRecord(target: string, args: unknown[]): string {
  const message: InvocationMessage = { type: MessageType.Invocation, target, arguments: args };
  return writeRecord(message);
}

/** Completion of a client's invocation with a result (`result` omitted for void methods). */
export function completionResultRecord(invocationId: string, result: unknown): string {
  const message: CompletionMessage =
    result === undefined ? { type: MessageType.Completion, invocationId } : { type: MessageType.Completion, invocationId, result };
  return writeRecord(message);
}

/** Completion of a client's invocation with an error. */
export function completionErrorRecord(invocationId: string, error: string): string {
  const message: CompletionMessage = { type: MessageType.Completion, invocationId, error };
  return writeRecord(message);
}

export const PING_RECORD = writeRecord({ type: MessageType.Ping });

/** Close message; `error` makes the client report it, `allowReconnect` lets it reconnect. */
export function closeRecord(error?: string, allowReconnect?: boolean): string {
  const message: CloseMessage = { type: MessageType.Close };
  if (error !== undefined) message.error = error;
  if (allowReconnect !== undefined) message.allowReconnect = allowReconnect;
  return writeRecord(message);
}

/** Error text sent when a client invokes a method the hub does not have. */
export function unknownMethodError(target: string): string {
  return `Failed to invoke '${target}' due to an error on the server. HubException: Method does not exist.`;
}

/** Error text sent when a hub method fails (details stay in the server log). */
export function failedInvocationError(target: string): string {
  return `Failed to invoke '${target}' due to an error on the server.`;
}

// ---------------------------------------------------------------------------------------------

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isNonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value !== '';
}

function isStringRecord(value: unknown): value is Record<string, string> {
  return isObject(value) && Object.values(value).every((v) => typeof v === 'string');
}

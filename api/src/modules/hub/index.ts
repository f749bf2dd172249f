/**
 * SignalR hub at /api/connections/session (JSON hub protocol over WebSockets).
 *
 * Wiring, once per process:
 *
 *   const bus = config.databaseUrl
 *     ? new PgSessionBus(config.databaseUrl, { logger: app.log })   // every instance, LISTEN/NOTIFY
 *     : new LocalSessionBus(app.log);                              // embedded PGlite: one instance
 *   const hub = new SessionHub({ bus, logger: app.log });           // the hub owns and closes the bus
 *   await app.register(hubPlugin, { hub });                         // negotiate route, upgrades, close on shutdown
 *
 * Then `hub.bindAnywhere(connectionId, { sessionId, userId })` from POST /api/user/validatesession
 * and `await hub.revokeSessions([sessionId], message)` wherever a session is revoked.
 */
export * from './hub-protocol';
export * from './session-bus';
export * from './hub-options';
export * from './session-hub';
export * from './hub-plugin';

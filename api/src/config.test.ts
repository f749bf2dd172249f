import path from 'node:path';
import { ConfigError, apiPackageDir, loadConfig, parseHostMap, parseTrustProxy } from './config';
import { providerFor } from './modules/oidc/config';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: 'localhost',
      dataDir: path.resolve('.data'),
      databaseUrl: undefined,
      adminPassword: undefined,
      adminEmail: 'admin@suite.test',
      production: false,
      demoData: true,
      remotesJson: undefined,
      hostMap: {},
      publicUrl: 'http://localhost:8080',
      passkeyRpId: 'localhost',
      payloadKey: undefined,
      logLevel: 'info',
      tokenIssuer: 'suite-identity',
      rateLimit: { enabled: true, loginPerMinute: 300, tokenPerMinute: 6000, resetPerMinute: 30, resetPerAddressPerHour: 10 },
      lockout: { lockSeconds: 300, blockAfterLocks: 3, deviceTrustDays: 30 },
      sessionCacheMs: 60_000,
      accessCacheMs: 30_000,
      refreshReuseGraceSeconds: 30,
      auditRetentionDays: 365,
      mailFrom: 'Suite <no-reply@suite.test>',
      trustProxy: false,
      requestTimeoutMs: 30_000,
      metricsToken: undefined,
      shutdownDrainMs: 0,
      hub: { maxConnections: 10_000, maxConnectionsPerClient: 50 },
      security: { frameAncestors: [], corsOrigins: [], appOrigins: ['https://*.suite.example'], hsts: true, hstsMaxAge: 31_536_000 },
    });
    // the repository root: the folder holding api/, host-shell/, mfe-*/
    expect(config.staticRoot).toBe(path.dirname(apiPackageDir()));
    expect(path.basename(apiPackageDir())).toBe('api');
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '9090',
      HOST: '127.0.0.1',
      DATA_DIR: '/tmp/suite-data',
      DATABASE_URL: 'postgres://u@h/db',
      SUITE_ADMIN_PASSWORD: 'S3cret.Pass',
      SUITE_ADMIN_EMAIL: 'root@example.com',
      NODE_ENV: 'production',
      STATIC_ROOT: '/srv/suite',
      REMOTES_JSON: '/etc/suite/remotes.json',
      HOST_MAP: '{"Firma.Example.com":{"app":"firmaya"},"br.example.com":{"app":"bemyself","tenant":"bmsbra"}}',
      PUBLIC_URL: 'https://id.example.com/',
      WEBAUTHN_RP_ID: 'Example.com',
      PAYLOAD_KEY: 'k',
      LOG_LEVEL: 'WARN',
      TOKEN_ISSUER: 'https://id.example.com',
      RATE_LIMIT: 'off',
      LOGIN_RATE_LIMIT: '10',
      TOKEN_RATE_LIMIT: '20',
      LOCKOUT_SECONDS: '60',
      LOCKOUT_BLOCK_AFTER: '2',
      LOCKOUT_DEVICE_DAYS: '7',
      CAPTCHA_COST: '2000',
      CAPTCHA_MAX_NUMBER: '50000',
      CAPTCHA_EXPIRES_SECONDS: '120',
      CAPTCHA_HMAC_KEY: 'captcha-key',
      OTP_RESET_LINK_MINUTES: '15',
      SESSION_CACHE_MS: '0',
      ACCESS_CACHE_MS: '5000',
      REFRESH_REUSE_GRACE_SECONDS: '0',
      AUDIT_RETENTION_DAYS: '90',
      TRUST_PROXY: '10.0.0.0/8, 192.168.1.7,fd00::/8',
      REQUEST_TIMEOUT_MS: '5000',
      SHUTDOWN_DRAIN_MS: '8000',
      METRICS_TOKEN: 'scrape-token-0123456789',
      METRICS_PORT: '9464',
      HUB_MAX_CONNECTIONS: '500',
      HUB_MAX_CONNECTIONS_PER_CLIENT: '5',
      FRAME_ANCESTORS: 'https://sign.example.com, http://localhost:3000/',
      CORS_ORIGINS: 'https://app.example.com https://APP.example.com:443',
      APP_ORIGINS: 'https://*.Apps.example.com, https://billing.example.org/',
      HSTS: 'off',
      HSTS_MAX_AGE: '600',
      NOTIFY_DELIVERY_RETENTION_DAYS: '30',
    });
    expect(config).toEqual({
      port: 9090,
      host: '127.0.0.1',
      dataDir: '/tmp/suite-data',
      databaseUrl: 'postgres://u@h/db',
      adminPassword: 'S3cret.Pass',
      adminEmail: 'root@example.com',
      production: true,
      demoData: false,
      staticRoot: '/srv/suite',
      remotesJson: '/etc/suite/remotes.json',
      hostMap: { 'firma.example.com': { app: 'firmaya' }, 'br.example.com': { app: 'bemyself', tenant: 'bmsbra' } },
      publicUrl: 'https://id.example.com',
      passkeyRpId: 'example.com',
      payloadKey: 'k',
      logLevel: 'warn',
      tokenIssuer: 'https://id.example.com',
      rateLimit: { enabled: false, loginPerMinute: 10, tokenPerMinute: 20, resetPerMinute: 30, resetPerAddressPerHour: 10 },
      lockout: { lockSeconds: 60, blockAfterLocks: 2, deviceTrustDays: 7 },
      sessionCacheMs: 0,
      accessCacheMs: 5000,
      refreshReuseGraceSeconds: 0,
      auditRetentionDays: 90,
      mailFrom: 'Suite <no-reply@suite.test>',
      captcha: { cost: 2000, maxNumber: 50_000, expiresSeconds: 120, hmacKey: 'captcha-key' },
      otpResetLinkMinutes: 15,
      notificationPollMs: 30_000,
      notificationRetentionDays: 30,
      smtpUrl: undefined,
      trustProxy: ['10.0.0.0/8', '192.168.1.7', 'fd00::/8'],
      requestTimeoutMs: 5000,
      metricsToken: 'scrape-token-0123456789',
      metricsPort: 9464,
      shutdownDrainMs: 8000,
      hub: { maxConnections: 500, maxConnectionsPerClient: 5 },
      oidc: { providers: {}, devProvider: undefined },
      security: {
        frameAncestors: ['https://sign.example.com', 'http://localhost:3000'],
        corsOrigins: ['https://app.example.com'],
        appOrigins: ['https://*.apps.example.com', 'https://billing.example.org'],
        hsts: false,
        hstsMaxAge: 600,
      },
    });
  });

  it('defaults PUBLIC_URL to localhost on the configured port outside production', () => {
    expect(loadConfig({ PORT: '9191' }).publicUrl).toBe('http://localhost:9191');
  });

  it('reads HOST as given, loopback when unset or blank', () => {
    expect(loadConfig({ HOST: '  ' }).host).toBe('localhost');
    expect(loadConfig({ HOST: '::' }).host).toBe('::');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });

  it.each([
    [undefined, false],
    ['', false],
    ['off', false],
    ['false', false],
    ['on', true],
    ['TRUE', true],
    ['2', 2],
    ['0', 0],
    ['127.0.0.1', ['127.0.0.1']],
    ['10.0.0.0/8,::1', ['10.0.0.0/8', '::1']],
  ])('reads TRUST_PROXY %p as %p', (raw, expected) => {
    expect(parseTrustProxy(raw)).toEqual(expected);
  });

  it('keeps memory:// data directories as they are', () => {
    expect(loadConfig({ DATA_DIR: 'memory://' }).dataDir).toBe('memory://');
  });

  it.each([
    [{ PORT: 'eighty' }, /PORT/],
    [{ CORS_ORIGINS: '*' }, /CORS_ORIGINS/],
    [{ CORS_ORIGINS: 'https://app.example.com/path' }, /CORS_ORIGINS/],
    [{ FRAME_ANCESTORS: 'javascript:alert(1)' }, /FRAME_ANCESTORS/],
    [{ FRAME_ANCESTORS: 'sign.example.com' }, /FRAME_ANCESTORS/],
    [{ HSTS: 'maybe' }, /HSTS/],
    [{ PORT: '70000' }, /PORT/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL/],
    [{ RATE_LIMIT: 'maybe' }, /RATE_LIMIT/],
    [{ LOGIN_RATE_LIMIT: '0' }, /LOGIN_RATE_LIMIT/],
    [{ LOCKOUT_SECONDS: '1.5' }, /LOCKOUT_SECONDS/],
    [{ SESSION_CACHE_MS: '-1' }, /SESSION_CACHE_MS/],
    [{ REFRESH_REUSE_GRACE_SECONDS: '-1' }, /REFRESH_REUSE_GRACE_SECONDS must be an integer from 0 to 300/],
    [{ REFRESH_REUSE_GRACE_SECONDS: '30000' }, /REFRESH_REUSE_GRACE_SECONDS/],
    [{ REFRESH_REUSE_GRACE_SECONDS: '2.5' }, /REFRESH_REUSE_GRACE_SECONDS/],
    [{ TRUST_PROXY: 'proxy.example.com' }, /TRUST_PROXY/],
    [{ TRUST_PROXY: '10.0.0.0/33' }, /TRUST_PROXY/],
    [{ TRUST_PROXY: '10.0.0.1/8/1' }, /TRUST_PROXY/],
    [{ TRUST_PROXY: '::1/129' }, /TRUST_PROXY/],
    [{ REQUEST_TIMEOUT_MS: '0' }, /REQUEST_TIMEOUT_MS/],
    [{ REQUEST_TIMEOUT_MS: 'soon' }, /REQUEST_TIMEOUT_MS/],
    [{ HUB_MAX_CONNECTIONS: '0' }, /HUB_MAX_CONNECTIONS/],
    [{ METRICS_PORT: '0' }, /METRICS_PORT must be an integer from 1 to 65535/],
    [{ METRICS_PORT: 'metrics' }, /METRICS_PORT/],
    [{ HUB_MAX_CONNECTIONS_PER_CLIENT: '-3' }, /HUB_MAX_CONNECTIONS_PER_CLIENT/],
    [{ CAPTCHA_EXPIRES_SECONDS: '5' }, /CAPTCHA_EXPIRES_SECONDS/],
    [{ CAPTCHA_COST: '0' }, /CAPTCHA_COST/],
    [{ HOST_MAP: '{nope' }, /HOST_MAP is not valid JSON/],
    [{ HOST_MAP: '[]' }, /HOST_MAP must be a JSON object/],
    [{ HOST_MAP: '{"a.com":{"tenant":"x"}}' }, /"a.com"/],
    [{ NODE_ENV: 'production' }, /PUBLIC_URL is required in production/],
    [{ PUBLIC_URL: 'id.example.com' }, /PUBLIC_URL/],
    [{ PUBLIC_URL: 'ftp://id.example.com' }, /PUBLIC_URL/],
    [{ PUBLIC_URL: 'https://id.example.com/portal' }, /PUBLIC_URL/],
    [{ PUBLIC_URL: 'https://id.example.com/?x=1' }, /PUBLIC_URL/],
    [{ PUBLIC_URL: 'https://id.example.com', WEBAUTHN_RP_ID: 'other.example' }, /WEBAUTHN_RP_ID/],
    [{ PUBLIC_URL: 'https://id.example.com', WEBAUTHN_RP_ID: 'ample.com' }, /WEBAUTHN_RP_ID/],
  ])('rejects %p', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('treats an empty HOST_MAP as none', () => {
    expect(parseHostMap('  ')).toEqual({});
  });
});

describe('OIDC settings', () => {
  it('reads providers per application, tenant or every application, and the local provider outside production', () => {
    const config = loadConfig({
      PORT: '9000',
      OIDC_PROVIDERS: JSON.stringify({
        '*': { issuer: 'https://id.example.com/', clientId: 'suite', clientSecret: 's1' },
        'bemyself/bmsbra': { issuer: 'https://br.example.com', clientId: 'br', clientSecret: 's2', mfaAcr: ['2', 'gold'] },
      }),
    });
    expect(config.oidc).toEqual({
      providers: {
        '*': { issuer: 'https://id.example.com', clientId: 'suite', clientSecret: 's1' },
        'bemyself/bmsbra': { issuer: 'https://br.example.com', clientId: 'br', clientSecret: 's2', mfaAcr: ['2', 'gold'] },
      },
      devProvider: { port: 9001 },
    });
    expect(providerFor(config.oidc, 'BeMyself', 'BMSBRA')?.clientId).toBe('br');
    expect(providerFor(config.oidc, 'bemyself', 'bmscol')?.clientId).toBe('suite');
    expect(loadConfig({ PORT: '9000', OIDC_DEV_PROVIDER: 'off' }).oidc?.devProvider).toBeUndefined();
    expect(loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://id.example.com' }).oidc?.devProvider).toBeUndefined();
  });

  it('starts the demo relying party outside production, on PORT + 2 unless told otherwise or switched off', () => {
    expect(loadConfig({ PORT: '9000' }).siblingApp).toEqual({ port: 9002 });
    expect(loadConfig({ PORT: '9000', SIBLING_APP_PORT: '7000' }).siblingApp).toEqual({ port: 7000 });
    expect(loadConfig({ SIBLING_APP: 'off' }).siblingApp).toBeUndefined();
    expect(loadConfig({ PORT: '0' }).siblingApp).toBeUndefined();
    expect(loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://id.example.com' }).siblingApp).toBeUndefined();
    expect(() => loadConfig({ SIBLING_APP_PORT: '70000' })).toThrow(ConfigError);
    expect(() => loadConfig({ SIBLING_APP: 'maybe' })).toThrow(ConfigError);
  });

  it('refuses malformed provider settings', () => {
    expect(() => loadConfig({ OIDC_PROVIDERS: '[1]' })).toThrow(ConfigError);
    expect(() => loadConfig({ OIDC_PROVIDERS: '{"firmaya":{"issuer":"ftp://x","clientId":"a","clientSecret":"b"}}' })).toThrow(ConfigError);
    expect(() => loadConfig({ OIDC_PROVIDERS: '{"firmaya":{"issuer":"https://x"}}' })).toThrow(ConfigError);
    expect(() => loadConfig({ OIDC_DEV_PORT: 'x' })).toThrow(ConfigError);
    expect(() =>
      loadConfig({ OIDC_PROVIDERS: '{"firmaya":{"issuer":"https://x","clientId":"a","clientSecret":"b","mfaAcr":"2"}}' }),
    ).toThrow(/mfaAcr/);
  });
});

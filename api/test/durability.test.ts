import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { encryptPayload } from '@suite/shared/crypto';
import { USER_EXISTS_CODES } from '@suite/shared/contracts';
import { LOCK_FILE } from '../src/db/data-dir-lock';

/**
 * The embedded database as an operator runs it: the real server (src/main.ts) in child processes
 * on one DATA_DIR. What the API acknowledged survives a kill -9, and a second process on the same
 * directory refuses to start instead of silently losing writes.
 */

const API_DIR = path.resolve(__dirname, '..');
const ADMIN_PASSWORD = 'Adm1n.Durable-1';
const NEW_ADMIN_PASSWORD = 'Adm1n.Durable-2';
const PAYLOAD_KEY = 'durability-test-payload-key';

interface Running {
  child: ChildProcess;
  base: string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }>;
}

function serverEnv(dataDir: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    SUITE_ADMIN_PASSWORD: ADMIN_PASSWORD,
    PAYLOAD_KEY,
    LOG_LEVEL: 'info',
    RATE_LIMIT: 'off',
    SIBLING_APP: 'off',
  };
  delete env.DATABASE_URL; // PGlite: the embedded database is what this is about
  delete env.NODE_ENV; // as `npm start` runs it (jest sets NODE_ENV=test)
  return env;
}

/** Starts src/main.ts as `npm start` does; resolves once it logged 'identity API ready' (or exited). */
function startServer(dataDir: string): { running: Running; ready: Promise<string | undefined> } {
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', 'src/main.ts'], {
    cwd: API_DIR,
    env: serverEnv(dataDir),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal, stderr })),
  );
  const ready = new Promise<string | undefined>((resolve) => {
    let buffer = '';
    child.stdout?.on('data', (chunk) => {
      buffer += chunk;
      let newline: number;
      while ((newline = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 1);
        if (!line.includes('identity API ready')) continue;
        resolve(`http://127.0.0.1:${JSON.parse(line).port}`);
      }
    });
    void exited.then(() => resolve(undefined));
  });
  const running: Running = { child, base: '', exited };
  return { running, ready };
}

async function started(dataDir: string): Promise<Running> {
  const { running, ready } = startServer(dataDir);
  const base = await ready;
  if (!base) throw new Error(`server did not start: ${(await running.exited).stderr}`);
  running.base = base;
  return running;
}

async function call(
  base: string,
  method: string,
  url: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
) {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  return { status: response.status, body: (await response.json()) as any };
}

async function signIn(base: string, password: string): Promise<{ status: number; token?: string }> {
  const { status, body } = await call(base, 'POST', '/api/Login', {
    body: { user: 'admin', password: encryptPayload(password, PAYLOAD_KEY), appname: 'ibuhoo' },
  });
  return { status, token: body.result?.token };
}

describe('embedded database: one process per DATA_DIR, acknowledged writes survive kill -9', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'suite-durable-'));
  const children: ChildProcess[] = [];
  afterAll(() => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps every acknowledged write across a kill -9, and refuses a second process on the directory', async () => {
    const first = await started(dataDir);
    children.push(first.child);
    const admin = await signIn(first.base, ADMIN_PASSWORD);
    expect(admin.status).toBe(200);
    const token = admin.token as string;
    const adminId = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).identifier as string;
    const companies = await call(first.base, 'GET', '/api/customer/GetCustomer', { token, headers: { userid: adminId } });
    expect(companies.status).toBe(200);
    const companyId = companies.body.result.customers[0].id as string;

    const created: string[] = [];
    const createUser = async (i: number) => {
      const userName = `durable.user${i}`;
      const response = await call(first.base, 'POST', '/api/user/create', {
        token,
        body: {
          names: 'Dura',
          surnames: 'Ble',
          userName,
          email: `${userName}@example.com`,
          document: `90000${i}`,
          idTypeUser: 2,
          countryCode: 'CO',
          documentType: 'CC',
          customer: [{ id: companyId, principal: true, assigned: false }],
          roles: [{ name: 'Administrador', application: 'ibuhoo', assigned: true }],
        },
      });
      expect({ userName, status: response.status, body: response.body }).toMatchObject({ userName, status: 200 });
      created.push(userName);
    };
    for (let i = 1; i <= 3; i++) await createUser(i);

    // a second server on the same directory refuses to start, naming the first
    const second = startServer(dataDir);
    children.push(second.running.child);
    expect(await second.ready).toBeUndefined();
    const refused = await second.running.exited;
    expect(refused.code).not.toBe(0);
    expect(refused.code).not.toBeNull();
    expect(refused.stderr).toContain(`DATA_DIR ${dataDir} is in use by process ${first.child.pid}; stop it or choose another DATA_DIR`);

    // … and the first keeps working and writing
    for (let i = 4; i <= 6; i++) await createUser(i);
    const changed = await call(first.base, 'POST', '/api/login/ChangePassword', {
      body: {
        user: 'admin',
        password: encryptPayload(ADMIN_PASSWORD, PAYLOAD_KEY),
        newpassword: encryptPayload(NEW_ADMIN_PASSWORD, PAYLOAD_KEY),
        appname: 'ibuhoo',
      },
    });
    expect(changed.status).toBe(200);

    // no shutdown: the process dies right after its last acknowledgement
    first.child.kill('SIGKILL');
    expect((await first.exited).signal).toBe('SIGKILL');
    expect(fs.existsSync(path.join(dataDir, LOCK_FILE))).toBe(true); // left behind, taken over below

    const restarted = await started(dataDir);
    children.push(restarted.child);
    expect((await signIn(restarted.base, ADMIN_PASSWORD)).status).toBe(401);
    const again = await signIn(restarted.base, NEW_ADMIN_PASSWORD);
    expect(again.status).toBe(200);
    for (const userName of created) {
      const exists = await call(restarted.base, 'POST', '/api/user/getuserexists', { token: again.token, body: { userName } });
      expect({ userName, code: exists.body.result?.informationCode }).toEqual({ userName, code: USER_EXISTS_CODES.inUse });
    }
    expect(created).toHaveLength(6);

    // a clean stop releases the directory
    restarted.child.kill('SIGTERM');
    expect((await restarted.exited).code).toBe(0);
    expect(fs.existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
  }, 120_000);
});

/**
 * The real server as a child process (`node --import tsx apps/api/src/main.ts`, what `npm start`
 * runs minus the web build check), for the suites that must kill it (crash safety) or measure it
 * from outside (the bench).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';

export interface ServerProcess {
  url: string;
  pid: number;
  child: ChildProcess;
  output: () => string;
  /** SIGTERM (a graceful shutdown), SIGKILL after 15 s. */
  stop: () => Promise<void>;
  /** kill -9: no shutdown hook runs, in-flight requests and transactions are cut off. */
  kill: () => Promise<void>;
}

export async function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export async function startServerProcess(options: {
  /** The repository root. */
  root: string;
  env: Record<string, string>;
  /** Node options before the entry (e.g. --cpu-prof). */
  nodeArgs?: string[];
  timeoutMs?: number;
  /** A fixed port (a shared machine hands each user a range); a free one when absent. */
  port?: number;
}): Promise<ServerProcess> {
  const port = options.port ?? (await findFreePort());
  const args = ['--import', 'tsx', ...(options.nodeArgs ?? []), path.join(options.root, 'apps/api/src/main.ts')];
  const child = spawn(process.execPath, args, {
    cwd: options.root,
    env: { ...process.env, ...options.env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (options.timeoutMs ?? 180_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited (${child.exitCode}):\n${output}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`The server did not answer /api/health in time:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    url,
    pid: child.pid!,
    child,
    output: () => output,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
    kill: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGKILL');
      await exited;
    },
  };
}

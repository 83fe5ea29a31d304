/**
 * nginx (Debian's nginx-light) as the static-file yardstick: started by the bench on loopback with its own
 * temporary prefix, config, pid file, error log and port, one worker pinned to the same core as the server it
 * is compared with, serving files whose bytes the caller fetched from our server. Stopped by its own pid.
 */
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { freePort, pinned, type Running, start, waitFor } from './processes.ts';

export const NGINX = '/usr/sbin/nginx';

export interface StaticFile {
  /** The URL path the file answers (query strings are ignored by nginx). */
  path: string;
  body: Uint8Array | string;
}

export interface NginxServer {
  url: string;
  version: string;
  stop(): Promise<void>;
}

export function nginxAvailable(): boolean {
  return existsSync(NGINX);
}

export async function startNginx(options: {
  files: StaticFile[];
  contentType: string;
  core: number | null;
}): Promise<NginxServer> {
  const prefix = mkdtempSync(join(tmpdir(), 'ridgeline-bench-nginx-'));
  // Started as root, nginx's worker runs as an unprivileged user: it must be able to read the files.
  chmodSync(prefix, 0o755);
  const root = join(prefix, 'root');
  for (const file of options.files) {
    // `/` and paths ending in `/` are served as index.html; every other path is a file of that name.
    const relative = file.path.endsWith('/') ? `${file.path}index.html` : file.path;
    const target = join(root, relative);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, file.body);
  }
  const port = await freePort();
  // One worker: the Node server is one process on one core, so nginx gets the same single core.
  // keepalive_requests is raised so nginx does not close autocannon's connections every 1,000 requests
  // (Node's server keeps a connection for any number of requests).
  writeFileSync(
    join(prefix, 'nginx.conf'),
    `worker_processes 1;
daemon off;
pid ${join(prefix, 'nginx.pid')};
error_log ${join(prefix, 'error.log')} warn;
events { worker_connections 1024; }
http {
  access_log off;
  default_type "${options.contentType}";
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  open_file_cache max=100;
  client_body_temp_path ${join(prefix, 'body')};
  proxy_temp_path ${join(prefix, 'proxy')};
  fastcgi_temp_path ${join(prefix, 'fastcgi')};
  uwsgi_temp_path ${join(prefix, 'uwsgi')};
  scgi_temp_path ${join(prefix, 'scgi')};
  server {
    listen 127.0.0.1:${port};
    root ${root};
    index index.html;
    location / { try_files $uri $uri/index.html =404; }
  }
}
`,
  );
  const [command, args] = pinned(options.core, NGINX, [
    '-p',
    prefix,
    '-c',
    join(prefix, 'nginx.conf'),
    '-e',
    join(prefix, 'error.log'),
  ]);
  const running: Running = start(command, args);
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitFor(
      running,
      async () => {
        try {
          await fetch(url, { method: 'HEAD' });
          return true;
        } catch {
          return false;
        }
      },
      15_000,
    );
  } catch (error) {
    const log = existsSync(join(prefix, 'error.log')) ? readFileSync(join(prefix, 'error.log'), 'utf8') : '';
    await running.stop(2_000);
    rmSync(prefix, { recursive: true, force: true });
    const reason = log.split('\n').find((line) => line.includes('[emerg]')) ?? (error as Error).message;
    throw new Error(`nginx did not start: ${reason.trim()}`);
  }
  const version = (await fetch(url, { method: 'HEAD' })).headers.get('server') ?? 'nginx';
  return {
    url,
    version,
    async stop() {
      // SIGTERM to the master (our child) is nginx's fast shutdown; its worker exits with it.
      await running.stop(5_000);
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}

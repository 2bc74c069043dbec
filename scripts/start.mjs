// `npm start`: install what is missing, build what is stale, then run the whole product.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { setInterval } from 'node:timers';
import { fileURLToPath } from 'node:url';
import { ensureBuild, ensureDependencies } from './ensure.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
ensureDependencies();
// SERVE_SPA=false runs the API without the SPA (server/config.ts), so there is nothing to build.
if (!['false', '0'].includes(process.env.SERVE_SPA ?? '')) ensureBuild();

const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server', 'main.ts')], {
  cwd: root,
  // The IPC channel is how the server learns that this process died, even by SIGKILL: it
  // closes, and the server shuts down (server/main.ts) instead of serving without a parent.
  stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
  env: process.env,
});
// Ctrl+C reaches both processes through the terminal; a signal sent to this process alone
// (a supervisor, a benchmark) is forwarded. The server stops once, however often it is told.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
// Our own parent (npm, a shell) may die without passing a signal on: re-parented, stop too.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) child.kill('SIGTERM');
}, 1000).unref();
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

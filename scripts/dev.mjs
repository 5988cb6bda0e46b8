// `npm run dev`: the reference API on :8080 and Vite's dev server (with its proxy to the API) together.
import { spawn } from 'node:child_process';

const children = [
  // Mailed links must open the Vite dev server's pages, not the API's port.
  spawn('npx', ['tsx', 'watch', 'server/main.ts'], { stdio: 'inherit', env: { PORTAL_URL: 'http://localhost:5173', ...process.env, PORT: process.env.API_PORT ?? '8080' } }),
  spawn('npx', ['vite'], { stdio: 'inherit' }),
];

function stop(code = 0) {
  for (const child of children) child.kill('SIGTERM');
  process.exit(code);
}
process.on('SIGINT', () => stop());
process.on('SIGTERM', () => stop());
for (const child of children) child.on('exit', (code) => stop(code ?? 0));

import { apiKeyFigures } from './apikeys.ts';
import { auditFigures } from './audit.ts';
import { authFigures } from './auth.ts';
import { chatFigures } from './chat.ts';
import { contactPointsFigures } from './contact-points.ts';
import { interactionsFigures } from './interactions.ts';
import { keyboardFigures } from './keyboard.ts';
import { listScreenFigures } from './list-screen.ts';
import { paletteFigures } from './palette.ts';
import { personsFigures } from './persons.ts';
import { recordingsFigures } from './recordings.ts';
import { firstScreenFigure, initialJsFigure, publicPagesJsFigures, startupFigures } from './startup.ts';
import { print } from './util.ts';
import { workflowImportFigures } from './workflow-import.ts';
import { workflowFigures } from './workflows.ts';

/**
 * `npm run bench`: prints measured figures; never fails on timing (machines are shared and noisy).
 * `BENCH_ONLY=startup,auth npm run bench` runs only the named sections (startup, palette, keyboard, persons, contact-points, interactions, auth, apikeys, audit, recordings, chat, workflows, workflow-import);
 * `BENCH_ONLY=first-screen` only measures the JavaScript loaded to show /home (`BENCH_VERBOSE=1` lists it).
 */
const only = process.env.BENCH_ONLY?.split(',').map((s) => s.trim());
const wanted = (section: string) => !only || only.includes(section);

console.log('Astera Portal benchmarks');
if (wanted('startup')) {
  console.log('\nStart-up and size');
  print([initialJsFigure(), ...publicPagesJsFigures()]);
  print(await startupFigures());
}
if (only?.includes('first-screen')) {
  console.log('\nFirst screen');
  print([initialJsFigure(), ...publicPagesJsFigures(), ...(await firstScreenFigure())]);
}
if (wanted('palette')) {
  console.log('\nCommand palette (Chromium)');
  print(await paletteFigures());
}
if (wanted('persons')) {
  console.log('\nPersons at 100,000 per account');
  print(await personsFigures());
  print(await listScreenFigures());
}
if (wanted('contact-points')) {
  console.log('\nContact points at 100,000 per account');
  print(await contactPointsFigures());
}
if (wanted('audit')) {
  console.log('\nAudit log at 300,000 rows');
  print(await auditFigures());
}
if (wanted('interactions')) {
  console.log(`\nCall history at ${(Number(process.env.BENCH_INTERACTIONS) || 1_000_000).toLocaleString('en-US')} interactions in one account (BENCH_INTERACTIONS)`);
  print(await interactionsFigures());
}
if (wanted('auth')) {
  console.log('\nAuthenticated requests (HTTP, keep-alive)');
  print(await authFigures());
}
if (wanted('apikeys')) {
  console.log('\nAPI keys beside bearer tokens (HTTP, keep-alive)');
  print(await apiKeyFigures());
}
if (wanted('recordings')) {
  console.log('\nCall recordings (HTTP range requests, keep-alive)');
  print(await recordingsFigures());
}
if (wanted('chat')) {
  console.log('\nWeb chat (HTTP, one API process)');
  print(await chatFigures());
}
if (wanted('workflows')) {
  console.log('\nTask workflows (issue 43)');
  print(await workflowFigures());
}
if (wanted('keyboard')) {
  console.log('\nKeyboard (Chromium)');
  print(await keyboardFigures());
}
if (wanted('workflow-import')) {
  console.log('\nWorkflow CSV import (Chromium, end to end)');
  print(await workflowImportFigures());
}

// The editor experience, checked the way an editor gets it: the real yaml-language-server over
// stdio (LSP), on a page file whose modeline points at schema/. It must flag an injected error
// on the right line and offer the section types when completing `type:`.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sectionTypes } from '../../scripts/content/schemas.ts';

const root = path.join(import.meta.dirname, '..', '..');
let server: ChildProcess;
let nextId = 1;
const pending = new Map<number, (result: unknown) => void>();
const notifications: { method: string; params: Record<string, unknown> }[] = [];

function send(message: object) {
  const body = JSON.stringify({ jsonrpc: '2.0', ...message });
  server.stdin!.write(`Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
}
function request<T>(method: string, params: object): Promise<T> {
  const id = nextId++;
  send({ id, method, params });
  return new Promise((resolve) => pending.set(id, resolve as (result: unknown) => void));
}

beforeAll(async () => {
  server = spawn(process.execPath, [path.join(root, 'node_modules', 'yaml-language-server', 'bin', 'yaml-language-server'), '--stdio'], { stdio: ['pipe', 'pipe', 'ignore'] });
  let buffer = Buffer.alloc(0);
  server.stdout!.on('data', (chunk: Buffer) => {
    buffer = Buffer.concat([buffer, chunk]);
    for (;;) {
      const headerEnd = buffer.indexOf('\r\n\r\n');
      if (headerEnd < 0) return;
      const length = Number(/Content-Length: (\d+)/i.exec(buffer.subarray(0, headerEnd).toString())![1]);
      if (buffer.length < headerEnd + 4 + length) return;
      const message = JSON.parse(buffer.subarray(headerEnd + 4, headerEnd + 4 + length).toString());
      buffer = buffer.subarray(headerEnd + 4 + length);
      if (message.id !== undefined && pending.has(message.id)) {
        pending.get(message.id)!(message.result);
        pending.delete(message.id);
      } else if (message.id !== undefined && message.method) {
        // Requests from the server (configuration, capabilities): answer with the settings.
        send({ id: message.id, result: message.method === 'workspace/configuration' ? [{ validate: true, completion: true, hover: true, yamlVersion: '1.1' }] : null });
      } else if (message.method) {
        notifications.push(message);
      }
    }
  });
  await request('initialize', { processId: process.pid, rootUri: pathToFileURL(root).href, capabilities: { textDocument: { completion: { completionItem: { snippetSupport: true } } }, workspace: { configuration: true } } });
  send({ method: 'initialized', params: {} });
  send({ method: 'workspace/didChangeConfiguration', params: { settings: { yaml: { validate: true, completion: true, hover: true, yamlVersion: '1.1' } } } });
});
afterAll(() => server?.kill());

it('reports a diagnostic on the line of an unknown section type and of an unknown field, accepts the shared fields, and completes section types', async () => {
  const original = await readFile(path.join(root, 'site', 'pages', 'contact.yaml'), 'utf8');
  const lines = original.split('\n');
  const typeLine = lines.findIndex((l) => l.trim() === '- type: steps');
  expect(typeLine).toBeGreaterThan(0);
  lines[typeLine] = lines[typeLine].replace('steps', 'stepz');
  while (lines.at(-1) === '') lines.pop();
  // The editor reads the composed schema: a shared field is accepted, a misspelt one flagged.
  lines.push('  - type: cta', '    eyebrow: Shared field', '    title: Ready?', '    eyebrw: Misspelt field', '    buttons:', '      - label: Go', '        to: /contact');
  const sharedLine = lines.findIndex((l) => l.includes('eyebrow: Shared field'));
  const unknownLine = lines.findIndex((l) => l.includes('eyebrw: Misspelt field'));
  // A new, empty section at the end of the page, where an editor asks for completions.
  lines.push('  - type: ');
  const newLine = lines.length - 1;
  const uri = pathToFileURL(path.join(root, 'site', 'pages', 'contact-lsp-check.yaml')).href;
  send({ method: 'textDocument/didOpen', params: { textDocument: { uri, languageId: 'yaml', version: 1, text: lines.join('\n') } } });

  await expect.poll(() => notifications.filter((n) => n.method === 'textDocument/publishDiagnostics' && n.params.uri === uri && (n.params.diagnostics as unknown[]).length > 0).length, { timeout: 20_000 }).toBeGreaterThan(0);
  const diagnostics = notifications.filter((n) => n.method === 'textDocument/publishDiagnostics' && n.params.uri === uri).at(-1)!.params.diagnostics as { range: { start: { line: number } }; message: string }[];
  // LSP lines count from 0.
  expect(diagnostics.some((d) => d.range.start.line === typeLine)).toBe(true);
  expect(diagnostics.some((d) => d.range.start.line === unknownLine)).toBe(true);
  expect(diagnostics.filter((d) => d.range.start.line === sharedLine)).toEqual([]);

  const completion = await request<{ items: { label: string }[] } | { label: string }[]>('textDocument/completion', { textDocument: { uri }, position: { line: newLine, character: lines[newLine].length } });
  const labels = (Array.isArray(completion) ? completion : completion.items).map((item) => item.label);
  for (const type of sectionTypes()) expect(labels, type).toContain(type);
}, 40_000);

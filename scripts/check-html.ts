// Runs the W3C Nu HTML checker over HTML files: one Java process for all of them (the JVM start
// costs seconds; the files themselves are quick). `node scripts/check-html.ts [dir]` checks every
// .html under dir (default dist/) and exits 1 when it finds an error.
import { execFile } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureJava } from './ensure-java.ts';

export interface HtmlMessage {
  type: 'error' | 'info' | 'non-document-error';
  url: string;
  message: string;
  lastLine?: number;
  extract?: string;
}

const vnuJar = path.join(
  path.dirname(createRequire(import.meta.url).resolve('vnu-jar/package.json')),
  'build',
  'dist',
  'vnu.jar',
);

// CSS the checker does not know yet (it reports unknown properties and at-rules): not errors in the page.
const NEWER_PROPERTIES = ['text-box-trim', 'text-box-edge', 'container-type'];
const NEWER_AT_RULES = ['@container'];
const isNewerCss = (message: string) =>
  NEWER_PROPERTIES.some((property) => message.startsWith(`CSS: “${property}”: Property “${property}” doesn't exist`)) ||
  NEWER_AT_RULES.some((rule) => message.startsWith(`CSS: Unrecognized at-rule “${rule}”`));

/** Every error the checker finds in `files`, without those about CSS newer than the checker. */
export async function checkHtml(files: string[]): Promise<HtmlMessage[]> {
  ensureJava();
  const java = process.env.JAVA_PATH || '/usr/bin/java';
  // The report goes to stderr; the exit status is 1 whenever there is an error, which is not a failure here.
  const stderr = await new Promise<string>((resolve, reject) => {
    execFile(
      java,
      ['-jar', vnuJar, '--errors-only', '--format', 'json', ...files],
      { maxBuffer: 64 * 1024 * 1024 },
      (error, _stdout, stderr) => {
        if (error && !stderr.trimStart().startsWith('{'))
          reject(new Error(`The HTML checker failed: ${stderr || error.message}`));
        else resolve(stderr);
      },
    );
  });
  const report = JSON.parse(stderr) as { messages: HtmlMessage[] };
  return report.messages.filter((m) => !isNewerCss(m.message));
}

export async function htmlFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile() && e.name.endsWith('.html'))
    .map((e) => path.join(e.parentPath, e.name))
    .sort();
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const dir = path.resolve(process.argv[2] ?? 'dist');
  const files = await htmlFiles(dir);
  const messages = await checkHtml(files);
  for (const m of messages)
    console.log(`${path.relative(process.cwd(), new URL(m.url).pathname)}:${m.lastLine ?? 1}  ${m.message}`);
  console.log(`${files.length} pages checked: ${messages.length} error(s).`);
  process.exit(messages.length ? 1 : 0);
}

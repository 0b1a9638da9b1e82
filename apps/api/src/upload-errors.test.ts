import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { AppError } from '@quarry/core';
import { openStore } from '@quarry/store';
import type { Store } from '@quarry/store';
import { createApp } from './create-app.js';
import { errorResponse } from './error-response.js';
import { createPaperUploader, uploadRoot } from './paper-uploader.js';
import { testAccess, withToken } from './routes/test-support/test-access.js';
import { hideTemporaryPaths, temporaryPathStandIn } from './temporary-paths.js';

/** A valid one-page PDF with no text on its page. */
function emptyPagePdf(): string {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return body;
}

const temporary = tmpdir();

describe("upload errors never show the server's temporary path", () => {
  let store: Store;
  beforeAll(async () => {
    store = await openStore({ location: 'memory://' });
  });
  afterAll(async () => {
    await store.close();
  });

  const upload = async (name: string, content: string | Uint8Array) => {
    const app = createApp({
      store,
      version: 'test',
      access: testAccess,
      uploader: createPaperUploader({ store, maxBytes: 100_000 }),
    });
    const form = new FormData();
    form.append('file', new File([content], name));
    const response = await app.request('/api/papers', withToken({ method: 'POST', body: form }));
    return { status: response.status, text: await response.text() };
  };

  it.each([
    ['broken.pdf', '%PDF-1.4\nnot really a pdf'],
    ['noise.pdf', new Uint8Array([1, 2, 3, 250, 251, 0, 7])],
    ['empty-page.pdf', emptyPagePdf()],
    ['bad.json', '{not json'],
    ['shape.json', '{"x": 1}'],
    ['list.json', '[1, 2]'],
    ['blank.txt', '   \n\n  '],
  ] as const)('%s: a 400 that names the uploaded file, not the copy', async (name, content) => {
    const { status, text } = await upload(name, content);
    expect(status).toBe(400);
    const message = (JSON.parse(text) as { error: { message: string } }).error.message;
    expect(message).toContain(name);
    expect(text).not.toContain(uploadRoot());
    expect(text).not.toContain(`${temporary}/`);
    expect(text).not.toContain('quarry-uploads');
  });

  it('hides a temporary path that reaches the error response by any other way', async () => {
    const copy = join(temporary, 'quarry-uploads', '4242-AbC123', 'paper-0123456789ab.pdf');
    const app = new Hono();
    app.get('/fails', () => {
      throw new AppError({
        code: 'invalid_input',
        message: `cannot read the file: ENOENT: no such file or directory, open '${copy}'`,
        where: `file://${encodeURI(copy)}`,
        fix: `check ${encodeURIComponent(copy)}`,
      });
    });
    app.onError((error, context) => errorResponse(error, context));
    const body = await (await app.request('/fails')).text();
    expect(body).not.toContain('quarry-uploads');
    expect(body).not.toContain('4242-AbC123');
    expect(body).toContain(`open '${temporaryPathStandIn}'`);
  });

  it('replaces whole paths only, under the temporary folder only', () => {
    expect(hideTemporaryPaths('read /tmp/quarry-uploads/1-a/x.pdf, then stop', '/tmp')).toBe(
      `read ${temporaryPathStandIn}, then stop`,
    );
    expect(hideTemporaryPaths('"/tmp" and file:///tmp/a%20b/c.txt', '/tmp/')).toBe(
      `"${temporaryPathStandIn}" and ${temporaryPathStandIn}`,
    );
    expect(hideTemporaryPaths('/tmpfoo/x and /var/tmp/y stay', '/tmp')).toBe(
      '/tmpfoo/x and /var/tmp/y stay',
    );
    expect(hideTemporaryPaths('C:\\Temp\\q\\x.pdf failed', 'C:\\Temp')).toBe(
      `${temporaryPathStandIn} failed`,
    );
  });
});

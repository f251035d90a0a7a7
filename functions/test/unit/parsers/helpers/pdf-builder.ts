/**
 * Writes minimal PDFs for tests: pages of Helvetica text lines, a blank page (no text layer), or an /Encrypt
 * dictionary whose password check fails (pdf.js then asks for a password).
 */
export interface PdfOptions {
  /** Adds a Standard security handler that no empty password opens. */
  encrypted?: boolean;
  /** Stores each page's content stream as returned (e.g. deflated), under the given /Filter. */
  encodeContent?: (stream: string) => { filter: string; data: Uint8Array };
  /** Writes each content stream's /Length as a reference to an object holding it. */
  indirectLength?: boolean;
  /** Stream objects added to the file, e.g. an image (nothing refers to them unless the dictionary says so). */
  extraStreams?: readonly { dictionary: string; data: Uint8Array }[];
}

const latin1 = (data: Uint8Array) => Buffer.from(data).toString('latin1');

function escapePdfString(text: string): string {
  return text.replace(/[\\()]/g, (c) => `\\${c}`);
}

export function buildPdf(pages: readonly (readonly string[])[], options: PdfOptions = {}): Uint8Array {
  const objects: string[] = ['<< /Type /Catalog /Pages 2 0 R >>', '', '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'];
  const kids: number[] = [];
  for (const lines of pages) {
    const resources = '/Resources << /Font << /F1 3 0 R >> >>';
    if (lines.length > 0) {
      const stream = `BT /F1 11 Tf 14 TL 72 740 Td ${lines.map((line) => `(${escapePdfString(line)}) Tj T*`).join(' ')} ET`;
      const encoded = options.encodeContent?.(stream);
      const data = encoded ? latin1(encoded.data) : stream;
      const filter = encoded ? ` /Filter /${encoded.filter}` : '';
      let length = String(Buffer.byteLength(data, 'latin1'));
      if (options.indirectLength) {
        objects.push(length);
        length = `${objects.length} 0 R`;
      }
      objects.push(`<< /Length ${length}${filter} >>\nstream\n${data}\nendstream`);
      objects.push(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents ${objects.length} 0 R ${resources} >>`);
    } else {
      objects.push(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] ${resources} >>`);
    }
    kids.push(objects.length);
  }
  objects[1] = `<< /Type /Pages /Kids [${kids.map((kid) => `${kid} 0 R`).join(' ')}] /Count ${kids.length} >>`;
  for (const extra of options.extraStreams ?? []) {
    objects.push(`${extra.dictionary}\nstream\n${latin1(extra.data)}\nendstream`);
  }
  let trailerExtra = '';
  if (options.encrypted) {
    objects.push(`<< /Filter /Standard /V 1 /R 2 /O <${'ab'.repeat(32)}> /U <${'cd'.repeat(32)}> /P -4 >>`);
    const id = '0123456789abcdef0123456789abcdef';
    trailerExtra = `/Encrypt ${objects.length} 0 R /ID [<${id}> <${id}>] `;
  }

  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  out += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R ${trailerExtra}>>\nstartxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(out, 'latin1'));
}

/**
 * Just enough MIME to read the mails the product sends (nodemailer output): headers with RFC 2047
 * encoded words, multipart bodies, quoted-printable and base64 parts in UTF-8. The e2e tests only
 * need the subject, the recipients and the text (to find the link in it), so no full parser.
 */
export interface ParsedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
}

function splitHead(raw: string): { headers: Map<string, string>; body: string } {
  const idx = raw.search(/\r?\n\r?\n/);
  const head = idx === -1 ? raw : raw.slice(0, idx);
  const body = idx === -1 ? '' : raw.slice(idx).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  // Folded header lines continue with whitespace.
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeQuotedPrintable(s: string): Buffer {
  const soft = s.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < soft.length; i++) {
    const ch = soft[i]!;
    if (ch === '=' && /^[0-9A-Fa-f]{2}$/.test(soft.slice(i + 1, i + 3))) {
      bytes.push(Number.parseInt(soft.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(ch, 'utf8'));
    }
  }
  return Buffer.from(bytes);
}

export function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([bBqQ])\?([^?]*)\?=/g, (_m, _charset: string, enc: string, text: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')).toString('utf8'),
    );
}

function decodeBody(body: string, encoding: string | undefined): string {
  const enc = (encoding ?? '7bit').toLowerCase();
  if (enc === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (enc === 'quoted-printable') return decodeQuotedPrintable(body).toString('utf8');
  return body;
}

function walk(raw: string, out: { text: string; html: string }): Map<string, string> {
  const { headers, body } = splitHead(raw);
  const type = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    const parts = body.split(`--${boundary}`).slice(1);
    for (const part of parts) {
      if (part.startsWith('--')) break;
      walk(part.replace(/^\r?\n/, ''), out);
    }
  } else if (/^text\/html/i.test(type)) {
    out.html += decodeBody(body, headers.get('content-transfer-encoding'));
  } else if (/^text\//i.test(type)) {
    out.text += decodeBody(body, headers.get('content-transfer-encoding'));
  }
  return headers;
}

export function parseMail(raw: string): ParsedMail {
  const out = { text: '', html: '' };
  const headers = walk(raw, out);
  return {
    from: decodeWords(headers.get('from') ?? ''),
    to: decodeWords(headers.get('to') ?? '')
      .split(',')
      .map((a) => (/<([^>]+)>/.exec(a)?.[1] ?? a).trim().toLowerCase())
      .filter(Boolean),
    subject: decodeWords(headers.get('subject') ?? ''),
    text: out.text,
    html: out.html,
  };
}

/** The first http(s) link of a mail whose path contains `pathPart`, from the text part or else the html. */
export function findLink(mail: ParsedMail, pathPart = ''): string | null {
  const pool = `${mail.text}\n${mail.html.replace(/&amp;/g, '&')}`;
  for (const m of pool.matchAll(/https?:\/\/[^\s"'<>）)]+/g)) {
    if (m[0].includes(pathPart)) return m[0];
  }
  return null;
}

import { describe, expect, it } from 'vitest';
import { checkLogo, checkSvg, LOGO_MAX_BYTES, LOGO_MESSAGES, logoUrl } from './logo.ts';

const utf8 = (text: string) => new TextEncoder().encode(text);
const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13];
const svg = (inner: string, attributes = '') => `<svg xmlns="http://www.w3.org/2000/svg"${attributes}>${inner}</svg>`;

describe('checkLogo: the real type comes from the bytes', () => {
  it('knows PNG and JPEG by their signatures', () => {
    expect(checkLogo(new Uint8Array(PNG_HEAD))).toEqual({ ok: true, contentType: 'image/png' });
    expect(checkLogo(new Uint8Array([0xff, 0xd8, 0xff, 0xdb, 0]))).toEqual({ ok: true, contentType: 'image/jpeg' });
  });

  it('knows an SVG by its root element', () => {
    expect(checkLogo(utf8(svg('<rect width="1" height="1"/>')))).toEqual({ ok: true, contentType: 'image/svg+xml' });
  });

  it('refuses what its name or declared type contradicts', () => {
    const png = new Uint8Array(PNG_HEAD);
    expect(checkLogo(png, { name: 'logo.svg', type: 'image/svg+xml' })).toEqual({ ok: false, message: LOGO_MESSAGES.wrongType });
    expect(checkLogo(png, { name: 'logo.png', type: 'image/svg+xml' })).toEqual({ ok: false, message: LOGO_MESSAGES.wrongType });
    expect(checkLogo(png, { name: 'logo.svg', type: '' })).toEqual({ ok: false, message: LOGO_MESSAGES.wrongType });
    expect(checkLogo(png, { name: 'logo.html' })).toEqual({ ok: false, message: LOGO_MESSAGES.wrongType });
    expect(checkLogo(utf8(svg('')), { name: 'logo.png' })).toEqual({ ok: false, message: LOGO_MESSAGES.wrongType });
  });

  it('accepts a claim that agrees, or says nothing', () => {
    const png = new Uint8Array(PNG_HEAD);
    expect(checkLogo(png, { name: 'Logo.PNG', type: 'image/png' }).ok).toBe(true);
    expect(checkLogo(png, { name: 'logo', type: 'application/octet-stream' }).ok).toBe(true);
    expect(checkLogo(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]), { name: 'a.jpeg', type: 'image/jpg' }).ok).toBe(true);
  });

  it('checks the size before anything else, at exactly 2 MB', () => {
    const atLimit = new Uint8Array(LOGO_MAX_BYTES);
    atLimit.set(PNG_HEAD);
    expect(checkLogo(atLimit).ok).toBe(true);
    const over = new Uint8Array(LOGO_MAX_BYTES + 1);
    expect(checkLogo(over)).toEqual({ ok: false, message: LOGO_MESSAGES.tooLarge });
  });

  it('refuses empty files, other images, HTML and binary noise', () => {
    expect(checkLogo(new Uint8Array())).toEqual({ ok: false, message: LOGO_MESSAGES.missing });
    for (const bytes of [utf8('GIF89a....'), utf8('<html><body>hi</body></html>'), new Uint8Array([0, 159, 146, 150]), utf8('hello')]) {
      expect(checkLogo(bytes)).toEqual({ ok: false, message: LOGO_MESSAGES.wrongType });
    }
  });
});

describe('checkSvg', () => {
  it.each([
    ['a plain shape', svg('<circle cx="5" cy="5" r="4" fill="#F59E0B"/>')],
    [
      'an XML declaration, comments and a standard DOCTYPE',
      `<?xml version="1.0" encoding="UTF-8"?>\n<!-- made by hand -->\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">\n${svg('')}\n`,
    ],
    ['a byte-order mark', `\uFEFF${svg('')}`],
    [
      'local references and gradients',
      svg(
        '<defs><linearGradient id="g"/></defs><rect fill="url(#g)" style="fill: url(\'#g\')"/><use href="#g"/><use xlink:href="#g"/>',
        ' xmlns:xlink="http://www.w3.org/1999/xlink"',
      ),
    ],
    ['a style element with CDATA', svg('<style><![CDATA[ .a { fill: red; } ]]></style><text class="a">A &amp; B &gt; C</text>')],
    ['a prefixed root', '<svg:svg xmlns:svg="http://www.w3.org/2000/svg"><svg:rect width="1" height="1"/></svg:svg>'],
    ['attribute values holding >', svg('<text data-x="a > b">x</text>')],
    [
      'an Inkscape drawing with its metadata',
      svg(
        '<sodipodi:namedview id="base" pagecolor="#ffffff" inkscape:zoom="1.4"/><metadata><rdf:RDF><cc:Work rdf:about=""><dc:format>image/svg+xml</dc:format></cc:Work></rdf:RDF></metadata><g inkscape:label="Layer 1" inkscape:groupmode="layer"><path d="M0 0h10v10z" style="fill:#ff0000;stroke-width:0.26"/></g>',
        ' xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd" xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns:cc="http://creativecommons.org/ns#" xmlns:dc="http://purl.org/dc/elements/1.1/"',
      ),
    ],
    [
      'an Illustrator export with classes and a filter',
      svg(
        '<defs><style>.cls-1{fill:#231f20;}@media (max-width: 10px){.cls-1{fill:rgb(0,0,0)}}</style><filter id="f"><feGaussianBlur stdDeviation="2"/></filter></defs><title>Logo</title><path class="cls-1" filter="url(#f)" d="M1 1h8"/>',
      ),
    ],
  ])('accepts %s', (_, text) => {
    expect(checkSvg(text)).toEqual({ ok: true });
  });

  it.each([
    ['a script', svg('<script>alert(1)</script>'), LOGO_MESSAGES.unsafeSvg],
    ['a SCRIPT in capitals', svg('<SCRIPT>alert(1)</SCRIPT>'), LOGO_MESSAGES.unsafeSvg],
    ['a prefixed script', svg('<svg:script xmlns:svg="http://www.w3.org/2000/svg">alert(1)</svg:script>'), LOGO_MESSAGES.unsafeSvg],
    ['onload on the root', svg('', ' onload="alert(1)"'), LOGO_MESSAGES.unsafeSvg],
    ['an ONCLICK on a child', svg('<rect ONCLICK="alert(1)"/>'), LOGO_MESSAGES.unsafeSvg],
    ['a javascript: href', svg('<a href="javascript:alert(1)"><rect/></a>'), LOGO_MESSAGES.unsafeSvg],
    ['an entity-encoded javascript: href', svg('<a href="&#106;avascript&#58;alert(1)"><rect/></a>'), LOGO_MESSAGES.unsafeSvg],
    ['a javascript: href split by a tab', svg('<a href="java\tscript:alert(1)"><rect/></a>'), LOGO_MESSAGES.unsafeSvg],
    [
      'a data: xlink:href',
      svg('<image xlink:href="data:image/svg+xml;base64,PHN2Zz4=" />', ' xmlns:xlink="http://www.w3.org/1999/xlink"'),
      LOGO_MESSAGES.unsafeSvg,
    ],
    ['a foreignObject', svg('<foreignObject><p>hi</p></foreignObject>'), LOGO_MESSAGES.unsafeSvg],
    ['an iframe', svg('<iframe src="https://example.com"/>'), LOGO_MESSAGES.unsafeSvg],
    ['an animation writing href', svg('<a><set attributeName="href" to="https://evil.example"/></a>'), LOGO_MESSAGES.unsafeSvg],
    ['an outside image', svg('<image href="https://example.com/a.png"/>'), LOGO_MESSAGES.externalSvg],
    ['an outside use', svg('<use href="other.svg#icon"/>'), LOGO_MESSAGES.externalSvg],
    ['an outside url() in a style attribute', svg('<rect style="fill: url(https://example.com/p.svg#x)"/>'), LOGO_MESSAGES.externalSvg],
    ['an @import in a style element', svg('<style>@import url("https://example.com/x.css");</style>'), LOGO_MESSAGES.externalSvg],
    ['a stylesheet processing instruction', `<?xml version="1.0"?><?xml-stylesheet href="https://example.com/x.css"?>${svg('')}`, LOGO_MESSAGES.externalSvg],
    ['an xml:base', svg('', ' xml:base="https://example.com/"'), LOGO_MESSAGES.externalSvg],
    ['an entity declaration', `<!DOCTYPE svg [<!ENTITY lol "lol">]>${svg('<text>&lol;</text>')}`, LOGO_MESSAGES.entitySvg],
    ['an external entity', `<!DOCTYPE svg [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>${svg('<text>&xxe;</text>')}`, LOGO_MESSAGES.entitySvg],
    ['an HTML document', '<html><body><svg></svg></body></html>', LOGO_MESSAGES.wrongType],
    ['text before the root', `hello ${svg('')}`, LOGO_MESSAGES.wrongType],
    ['content after the root', `${svg('')}<script>alert(1)</script>`, LOGO_MESSAGES.wrongType],
    ['an unclosed root', '<svg xmlns="http://www.w3.org/2000/svg"><rect/>', LOGO_MESSAGES.wrongType],
    ['mismatched tags', svg('<g></a>'), LOGO_MESSAGES.wrongType],
    ['an unquoted attribute', '<svg width=10></svg>', LOGO_MESSAGES.wrongType],
    ['an unterminated comment', `${svg('')}<!-- `, LOGO_MESSAGES.wrongType],
    // Issue 11: what the old deny-list let through.
    [
      'an HTML meta refresh',
      svg('<meta xmlns="http://www.w3.org/1999/xhtml" http-equiv="refresh" content="0;url=https://evil.example"/>'),
      LOGO_MESSAGES.unsupportedSvg,
    ],
    [
      'a prefixed XHTML meta',
      svg('<h:meta http-equiv="refresh" content="0;url=https://evil.example"/>', ' xmlns:h="http://www.w3.org/1999/xhtml"'),
      LOGO_MESSAGES.unsupportedSvg,
    ],
    ['a CSS image-set()', svg('<rect style="fill: image-set(\'https://evil.example/a.png\' 1x)"/>'), LOGO_MESSAGES.unsupportedSvg],
    [
      'a -webkit-image-set() in a style element',
      svg('<style>.a{background:-webkit-image-set("https://evil.example/a.png" 1x)}</style>'),
      LOGO_MESSAGES.unsupportedSvg,
    ],
    ['an @font-face', svg('<style>@font-face{font-family:x;src:local(x)}</style>'), LOGO_MESSAGES.externalSvg],
    ['an image, even a local one', svg('<image width="1" height="1"/>'), LOGO_MESSAGES.unsupportedSvg],
    ['an feImage', svg('<filter id="f"><feImage href="#x"/></filter>'), LOGO_MESSAGES.unsupportedSvg],
    ['an unknown attribute', svg('<rect http-equiv="refresh"/>'), LOGO_MESSAGES.unsupportedSvg],
    ['an attribute of an unknown namespace', svg('<rect ev:event="click"/>'), LOGO_MESSAGES.unsupportedSvg],
    ['an element of an unknown namespace', svg('<x2:thing/>'), LOGO_MESSAGES.unsupportedSvg],
  ])('refuses %s', (_, text, message) => {
    expect(checkSvg(text)).toEqual({ ok: false, message });
  });

  it('reads a large clean document quickly', () => {
    const big = svg('<rect width="1" height="1" fill="#3B82F6"/>'.repeat(40_000));
    const started = performance.now();
    expect(checkSvg(big)).toEqual({ ok: true });
    expect(performance.now() - started).toBeLessThan(2000);
  });
});

describe('logoUrl', () => {
  it('is the public logo address versioned by the upload time', () => {
    expect(logoUrl('acme', new Date(1_700_000_000_123))).toBe('/api/logo/acme?v=1700000000123');
    expect(logoUrl('acme', new Date(1_700_000_000_123), 7)).toBe('/api/logo/acme?wallboard=7&v=1700000000123');
  });
});

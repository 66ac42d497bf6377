/**
 * The print document shell (spec 1 §2.6 "Print page"): a bare page with no site header or footer,
 * marked noindex, nofollow, with a canonical link to the standard page. Its own small stylesheet
 * hides the Print and Close controls on paper.
 */
import type { ReactNode } from 'react';

/** Spec 1 §2.6: the print page is "Marked noindex, nofollow". */
export { PRINT_ROBOTS } from '../article/meta.js';
import { PRINT_ROBOTS } from '../article/meta.js';
import { DESIGN_TOKENS_CSS } from './design-tokens.js';

export const PRINT_CSS = `${DESIGN_TOKENS_CSS}
*{box-sizing:border-box}
body{margin:0 auto;max-width:760px;padding:16px;overflow-wrap:break-word;font:16px/1.5 Georgia,"Times New Roman",serif;color:#000;background:#fff}
a{color:#003366}
.print-controls{display:flex;gap:12px;align-items:center;justify-content:flex-end;font:14px system-ui,Arial,sans-serif}
.print-controls button{font:14px system-ui,Arial,sans-serif;padding:6px 14px;border:1px solid #1a1a1a;border-radius:4px;background:#fff;color:#1a1a1a;cursor:pointer}
.print-logo{font:800 1.6rem system-ui,Arial,sans-serif;color:#003366;text-decoration:none}
.print-article h1{font-size:2rem;line-height:1.2;margin:.4em 0}
.print-article .byline,.print-article .published,.print-article .source{font:14px system-ui,Arial,sans-serif;margin:.2em 0}
.print-article .disclosure{font-style:italic;font-size:.9rem}
.print-article img{max-width:100%;height:auto}
.print-article figcaption{font-size:.85rem}
.print-article table{border-collapse:collapse;width:100%}
.print-article th,.print-article td{border:1px solid #999;padding:4px 6px}
.author-bios{border-top:1px solid #ccc;margin-top:2em;font-size:.9rem}
.print-canonical{font:14px system-ui,Arial,sans-serif;word-break:break-all}
.print-footer{border-top:1px solid #ccc;margin-top:2em;font:12px system-ui,Arial,sans-serif}
.print-footer ul{list-style:none;display:flex;flex-wrap:wrap;gap:10px;padding:0}
@media print{.print-controls{display:none}a{color:#000}}
`;

export interface PrintDocumentProps {
  lang: string;
  /** `<title>`, suffix included. */
  title: string;
  canonicalUrl: string;
  /** Bundle scripts (the later Print/Close island); none is needed for the page to work. */
  scripts?: string[];
  children: ReactNode;
}

export function PrintDocument({ lang, title, canonicalUrl, scripts = [], children }: PrintDocumentProps) {
  return (
    <html lang={lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
        <meta name="robots" content={PRINT_ROBOTS} />
        <link rel="canonical" href={canonicalUrl} />
        <style dangerouslySetInnerHTML={{ __html: PRINT_CSS }} />
        {scripts.map((src) => (
          <script key={src} type="module" src={src} />
        ))}
      </head>
      <body className="page-article-print">{children}</body>
    </html>
  );
}

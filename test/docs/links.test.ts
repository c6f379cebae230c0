import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';

const DOCUMENTS = [
  'README.md',
  'CONTRIBUTING.md',
  ...readdirSync('docs')
    .filter((f) => f.endsWith('.md'))
    .map((f) => join('docs', f)),
];

/** The text outside fenced code blocks and inline code, where a `[x](y)` is a link. */
function prose(markdown: string): string {
  return markdown.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/`/g, '')
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchors(file: string): Set<string> {
  const headings = prose(readFileSync(file, 'utf8')).match(/^#{1,6} .*$/gm) ?? [];
  return new Set(headings.map((h) => slug(h.replace(/^#+ /, ''))));
}

/** Every relative link of a document: where it points, and to which heading if any. */
function relativeLinks(file: string): { target: string; anchor: string | undefined; text: string }[] {
  const links = [...prose(readFileSync(file, 'utf8')).matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!);
  return links
    .filter((link) => !/^[a-z][a-z0-9+.-]*:/i.test(link))
    .map((link) => {
      const [path, anchor] = link.split('#');
      return { target: path === '' ? file : join(dirname(file), path!), anchor, text: link };
    });
}

describe('relative links of the README, CONTRIBUTING.md and docs/', () => {
  for (const file of DOCUMENTS) {
    it(`${file}: every link leads to a file, and a heading there when it names one`, () => {
      const broken: string[] = [];
      for (const { target, anchor, text } of relativeLinks(file)) {
        if (!existsSync(target)) broken.push(`${text} (no ${target})`);
        else if (anchor !== undefined && statSync(target).isFile() && !anchors(target).has(anchor)) {
          broken.push(`${text} (no heading #${anchor} in ${target})`);
        }
      }
      expect(broken).toEqual([]);
    });
  }
});

// The contract's decisions were written outside the repository (decisions.md, by section number); a
// reader of a clone has docs/contract-notes.md only, so that is what the text cites.
describe('documents the repository does not hold', () => {
  it('are cited nowhere: not in the docs, the sources, the tests or the explorer', () => {
    const tracked = execFileSync(
      'git',
      ['ls-files', 'README.md', 'CONTRIBUTING.md', 'docs', 'src', 'test', 'web/src', 'bench', 'scripts'],
      {
        encoding: 'utf8',
      },
    )
      .split('\n')
      .filter((f) => /\.(md|ts|tsx|mjs|js|html|css)$/.test(f) && f !== 'test/docs/links.test.ts');
    const outside = /\bdecisions\.md\b|\bapi-spec\.md\b|\bDecisions (?:§\s*)?\d/i;
    const citing = tracked.filter((f) => outside.test(readFileSync(f, 'utf8')));
    expect(citing).toEqual([]);
  });
});

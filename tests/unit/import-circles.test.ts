import { expect, test } from 'bun:test';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { ROOT } from '../support/processes.ts';

// A file that depends on itself through others (types included) cannot be read or moved alone:
// the code of src/ and views/ has no import circles.

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+['"](\.[^'"]+)['"]/g;

function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(IMPORT)].map((m) => resolve(dirname(file), m[1]!)).filter((path) => existsSync(path));
}

/** Strongly connected groups of more than one file (Tarjan's algorithm). */
function circles(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) === index.get(node)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1) found.push(group.map((f) => f.slice(ROOT.length + 1)).sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

function codeGraph(): Map<string, string[]> {
  const files = [...sourceFiles(join(ROOT, 'src')), ...sourceFiles(join(ROOT, 'views'))];
  return new Map(files.map((file) => [file, importsOf(file)]));
}

test('no file of src/ or views/ imports itself through others', () => {
  expect(circles(codeGraph())).toEqual([]);
});

// Arrows point one way (docs/design.md): the platform stands under every feature and view, and a
// feature may use another only if that one does not use it back, directly or through others.

const PLATFORM = join(ROOT, 'src', 'platform');
const FEATURES = join(ROOT, 'src', 'features');
const VIEWS = join(ROOT, 'views');

const isUnder = (file: string, dir: string) => file.startsWith(dir + '/');
const shown = (file: string) => file.slice(ROOT.length + 1);

/** Imports from src/platform/ into views/ or src/features/, as "importer → imported". */
function upwardImports(graph: Map<string, string[]>): string[] {
  return [...graph].flatMap(([file, imports]) =>
    isUnder(file, PLATFORM) ? imports.filter((to) => isUnder(to, VIEWS) || isUnder(to, FEATURES)).map((to) => `${shown(file)} → ${shown(to)}`) : [],
  );
}

/** The folder of a file's feature (the first folder under src/features/), or null outside features. */
function featureOf(file: string): string | null {
  if (!isUnder(file, FEATURES)) return null;
  const name = file.slice(FEATURES.length + 1).split('/')[0]!;
  return name.includes('.') ? null : join(FEATURES, name);
}

/** Groups of features that import each other, directly or through other features. */
function featureCircles(graph: Map<string, string[]>): string[][] {
  const features = new Map<string, Set<string>>();
  for (const [file, imports] of graph) {
    const from = featureOf(file);
    if (!from) continue;
    const uses = features.get(from) ?? features.set(from, new Set()).get(from)!;
    for (const to of imports.map(featureOf)) if (to && to !== from) uses.add(to);
  }
  return circles(new Map([...features].map(([feature, uses]) => [feature, [...uses]])));
}

/** The imports between different features of one group, as "importer → imported": where to cut. */
function importsAcross(graph: Map<string, string[]>, group: string[]): string[] {
  const member = (file: string) => {
    const feature = featureOf(file);
    return feature !== null && group.includes(shown(feature));
  };
  return [...graph].flatMap(([file, imports]) =>
    member(file) ? imports.filter((to) => member(to) && featureOf(to) !== featureOf(file)).map((to) => `${shown(file)} → ${shown(to)}`) : [],
  );
}

test('the checks below find an arrow back up and features that import each other', () => {
  const at = (path: string) => join(ROOT, path);
  const graph = new Map([
    [at('src/platform/http/page.ts'), [at('views/context.ts'), at('src/platform/i18n/index.ts')]],
    [at('src/platform/i18n/index.ts'), [at('src/features/settings/model.ts')]],
    [at('src/features/settings/routes.ts'), [at('src/features/preferences/routes.ts'), at('src/platform/http/page.ts')]],
    [at('src/features/preferences/routes.ts'), [at('src/features/settings/service.ts')]],
    [at('src/features/reader/service.ts'), [at('src/features/catalogue/service.ts')]],
    [at('views/pages/reader/BookPage.tsx'), [at('src/features/reader/model.ts')]],
  ]);
  expect(upwardImports(graph)).toEqual([
    'src/platform/http/page.ts → views/context.ts',
    'src/platform/i18n/index.ts → src/features/settings/model.ts',
  ]);
  expect(featureCircles(graph)).toEqual([['src/features/preferences', 'src/features/settings']]);
  expect(importsAcross(graph, ['src/features/preferences', 'src/features/settings'])).toEqual([
    'src/features/settings/routes.ts → src/features/preferences/routes.ts',
    'src/features/preferences/routes.ts → src/features/settings/service.ts',
  ]);
});

test('no file of src/platform/ imports views/ or src/features/', () => {
  expect(upwardImports(codeGraph())).toEqual([]);
});

test('no two features import each other, directly or through other features', () => {
  const graph = codeGraph();
  expect(featureCircles(graph).map((group) => importsAcross(graph, group))).toEqual([]);
});

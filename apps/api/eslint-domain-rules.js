// @ts-check
// The API domain's own ESLint rules (CONTRIBUTING.md, "Layers"): each domain folder is entered through
// one module, repositories return rows, and domain folders import each other one way only.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

const domainRoot = resolve(import.meta.dirname, 'src/domain');
const routesRoot = resolve(import.meta.dirname, 'src/routes');
/** Folders every domain file may reach into: one interface per file, owned by the whole domain. */
const OPEN_FOLDERS = new Set(['ports']);

const posix = (path) => path.split(sep).join('/');
const under = (root, file) => {
  const rel = relative(root, file);
  return rel.startsWith('..') || rel === '' ? null : posix(rel);
};

/**
 * Where an import lands in the domain: `{ folder, module }` for a file inside a domain folder
 * (`module` null for the folder's entry, index.ts), `{ folder: null }` for a module at the domain's top
 * (errors.ts, qr-code.ts, each its own entry); null outside the domain or for a package.
 */
function domainTarget(source, file) {
  if (!source.startsWith('.')) return null;
  const rel = under(domainRoot, resolve(dirname(file), source));
  if (rel === null) return null;
  const [folder, ...rest] = rel.replace(/\.(ts|js)$/, '').split('/');
  if (rest.length === 0) {
    // `../users` is the folder's entry; `../errors` is a top-level module.
    const isFolder = (() => {
      try {
        return statSync(join(domainRoot, folder)).isDirectory();
      } catch {
        return false;
      }
    })();
    return isFolder ? { folder, module: null } : { folder: null, module: folder };
  }
  const module = rest.join('/');
  return { folder, module: module === 'index' ? null : module };
}

/** The domain folder a file sits in, or null (a top-level domain module or outside the domain). */
function folderOf(file) {
  const rel = under(domainRoot, file);
  if (rel === null || !rel.includes('/')) return null;
  return rel.split('/')[0];
}

/** True for an import whose every binding is a type (`import type`, or each specifier `type`). */
function typeOnly(node) {
  if (node.importKind === 'type' || node.exportKind === 'type') return true;
  const specifiers = node.specifiers ?? [];
  return specifiers.length > 0 && specifiers.every((s) => s.importKind === 'type' || s.exportKind === 'type');
}

const importNodes = (check) => ({
  ImportDeclaration: check,
  ExportNamedDeclaration: check,
  ExportAllDeclaration: check,
  ImportExpression: check,
});

/** `pending`: domain files (relative to src/domain) whose crossing imports wait for a planned move. */
const pendingSchema = [
  {
    type: 'object',
    properties: { pending: { type: 'array', items: { type: 'string' } } },
    additionalProperties: false,
  },
];
const pendingOf = (context) => new Set(context.options[0]?.pending ?? []);

/**
 * Routes import a domain folder's entry (domain/<folder>, its index.ts), never a file inside it and
 * never a repository; a domain folder imports another folder's entry only, except that a repository
 * may read another folder's repository (shared SQL and rows). Ports are open to all.
 */
export const domainEntries = {
  meta: {
    type: 'problem',
    messages: {
      routeRepository:
        'A route never imports a repository ({{module}}): call the domain through its entry, domain/{{folder}}.',
      internals:
        'Import the {{folder}} domain through its entry (domain/{{folder}}), not its file {{module}}.',
    },
    schema: pendingSchema,
  },
  create(context) {
    const file = context.filename;
    const isRoute = under(routesRoot, file) !== null;
    const ownFolder = folderOf(file);
    const relInDomain = under(domainRoot, file);
    if (!isRoute && relInDomain === null) return {};
    if (relInDomain !== null && pendingOf(context).has(relInDomain)) return {};
    return importNodes((node) => {
      if (!node.source || typeof node.source.value !== 'string') return;
      const to = domainTarget(node.source.value, file);
      if (!to || to.folder === null || to.module === null || OPEN_FOLDERS.has(to.folder)) return;
      if (to.folder === ownFolder) return;
      // The SQL layer may share SQL and row types across folders: a repository reads another's directly.
      if (/-repository\.ts$/.test(file) && /-repository$/.test(to.module) && !isRoute) return;
      const data = { folder: to.folder, module: to.module };
      const messageId = isRoute && /-repository$/.test(to.module) ? 'routeRepository' : 'internals';
      context.report({ node: node.source, messageId, data });
    });
  },
};

/**
 * Repositories hold SQL and return rows: they import the database, other repositories (SQL and rows
 * shared within the SQL layer, any folder's), errors, types (the contract's, a port's, their folder's)
 * and nothing that builds an answer (texts, masks, URLs, money: the contract's functions and
 * constants) or decides (a domain module).
 */
export const repositoryRows = {
  meta: {
    type: 'problem',
    messages: {
      domain:
        'A repository returns rows and imports no domain module ({{source}}): compose repositories in a domain module.',
      contract:
        'A repository imports only types from the contract ({{names}}): build answers (texts, URLs, masks, money) in the domain.',
    },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    if (under(domainRoot, file) === null || !/-repository\.ts$/.test(file)) return {};
    const ownFolder = folderOf(file);
    return importNodes((node) => {
      if (!node.source || typeof node.source.value !== 'string') return;
      const source = node.source.value;
      if (source === '@enq/contract' || source.startsWith('@enq/contract/')) {
        if (typeOnly(node)) return;
        const names = (node.specifiers ?? [])
          .filter((s) => s.importKind !== 'type')
          .map((s) => s.local.name)
          .join(', ');
        context.report({ node: node.source, messageId: 'contract', data: { names } });
        return;
      }
      const to = domainTarget(source, file);
      if (!to) return;
      if (to.folder === null && to.module === 'errors') return;
      // A port's or its own folder's types may shape a row; their code is the domain's.
      if ((OPEN_FOLDERS.has(to.folder) || to.folder === ownFolder) && typeOnly(node)) return;
      // Another repository (of any folder): SQL and rows shared within the SQL layer.
      if (to.module !== null && /-repository$/.test(to.module)) return;
      context.report({ node: node.source, messageId: 'domain', data: { source } });
    });
  },
};

/** Every domain file's folder-crossing imports, read from disk, rebuilt when a file is added or changed. */
let graphCache = { key: '', edges: new Map() };
function domainFiles() {
  const files = [];
  const walk = (dir) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      const stat = statSync(path);
      if (stat.isDirectory()) walk(path);
      else if (name.endsWith('.ts')) files.push([path, stat.mtimeMs]);
    }
  };
  walk(domainRoot);
  return files;
}
const IMPORT_SOURCE = /(?:^|\n)\s*(?:import|export)\b[^'"]*?from\s*'([^']+)'|import\(\s*'([^']+)'\s*\)/g;

/** Folder -> the folders it imports, leaving out the edges of `skip` (files relative to src/domain). */
function folderGraph(skip) {
  const files = domainFiles();
  const key = files.map(([p, m]) => `${p}:${m}`).join('|') + '#' + [...skip].join(',');
  if (graphCache.key === key) return graphCache.edges;
  const edges = new Map();
  for (const [path] of files) {
    const from = folderOf(path);
    if (!from || skip.has(posix(relative(domainRoot, path)))) continue;
    for (const m of readFileSync(path, 'utf8').matchAll(IMPORT_SOURCE)) {
      const to = domainTarget(m[1] ?? m[2], path);
      if (!to || to.folder === null || to.folder === from) continue;
      if (!edges.has(from)) edges.set(from, new Set());
      edges.get(from).add(to.folder);
    }
  }
  graphCache = { key, edges };
  return edges;
}

/** The folders from `start` back to `goal`, or null when `goal` cannot be reached. */
function pathBack(edges, start, goal) {
  const seen = new Set([start]);
  const queue = [[start]];
  while (queue.length) {
    const path = queue.shift();
    const last = path[path.length - 1];
    if (last === goal) return path;
    for (const next of edges.get(last) ?? []) {
      if (seen.has(next)) continue;
      seen.add(next);
      queue.push([...path, next]);
    }
  }
  return null;
}

/**
 * Domain folders import each other one way: a folder never imports one that (through others) imports
 * it back, type imports included. import-x/no-cycle sees files; this sees folders, which can loop
 * with no file cycle.
 */
export const domainLoops = {
  meta: {
    type: 'problem',
    messages: {
      loop: 'Domain folders in a loop: {{loop}}. Move the shared piece to the folder that owns it, or add a port.',
    },
    schema: pendingSchema,
  },
  create(context) {
    const file = context.filename;
    const from = folderOf(file);
    const relInDomain = under(domainRoot, file);
    if (!from || relInDomain === null) return {};
    const pending = pendingOf(context);
    if (pending.has(relInDomain)) return {};
    return importNodes((node) => {
      if (!node.source || typeof node.source.value !== 'string') return;
      const to = domainTarget(node.source.value, file);
      if (!to || to.folder === null || to.folder === from) return;
      const back = pathBack(folderGraph(pending), to.folder, from);
      if (back)
        context.report({
          node: node.source,
          messageId: 'loop',
          data: { loop: [from, ...back].join(' -> ') },
        });
    });
  },
};

import { dirname, resolve } from "node:path";
import process from "node:process";
import ts from "typescript";

/*
 * `import-x/no-cycle` skips type-only imports, so a component importing a route's loader type
 * while the route imports the component went unnoticed. This rule counts every import — types,
 * re-exports and dynamic imports too — over the project's own files, resolved as TypeScript
 * resolves them, and reports each import that leads into a cycle, with the cycle's path.
 */

const root = process.cwd();
let graph = null;

function compilerOptions() {
  const configPath = ts.findConfigFile(root, ts.sys.fileExists, "tsconfig.json");
  const { config } = ts.readConfigFile(configPath, ts.sys.readFile);
  return ts.parseJsonConfigFileContent(config, ts.sys, dirname(configPath));
}

/** The project file an import names, or null for a package or a file outside the project. */
function resolver(options) {
  return (specifier, fromFile) => {
    const resolved = ts.resolveModuleName(specifier, fromFile, options, ts.sys).resolvedModule;
    if (!resolved || resolved.isExternalLibraryImport) return null;
    const file = resolve(resolved.resolvedFileName);
    return file.startsWith(root) && !file.includes("/node_modules/") ? file : null;
  };
}

/** Every project file's imports, and each file's strongly connected component (Tarjan). */
function buildGraph() {
  const { options, fileNames } = compilerOptions();
  const resolveImport = resolver(options);
  const files = fileNames.map((name) => resolve(name)).filter((name) => !name.endsWith(".d.ts"));
  const edges = new Map();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(ts.sys.readFile(file) ?? "", true, true);
    edges.set(file, [...new Set(importedFiles.map(({ fileName }) => resolveImport(fileName, file)).filter(Boolean))]);
  }
  const component = new Map();
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  let next = 0;
  const visit = (file) => {
    index.set(file, next);
    low.set(file, next);
    next += 1;
    stack.push(file);
    onStack.add(file);
    for (const target of edges.get(file) ?? []) {
      if (!edges.has(target)) continue;
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file), low.get(target)));
      } else if (onStack.has(target)) {
        low.set(file, Math.min(low.get(file), index.get(target)));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const members = new Set();
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      members.add(member);
    } while (member !== file);
    for (const each of members) component.set(each, members);
  };
  for (const file of files) if (!index.has(file)) visit(file);
  return { edges, component, resolveImport };
}

/** The way from `from` back to `to` inside their component, as paths relative to the project. */
function cyclePath({ edges, component }, from, to) {
  const members = component.get(from);
  const previous = new Map([[to, null]]);
  const queue = [to];
  while (queue.length > 0) {
    const file = queue.shift();
    if (file === from) break;
    for (const target of edges.get(file) ?? []) {
      if (members.has(target) && !previous.has(target)) {
        previous.set(target, file);
        queue.push(target);
      }
    }
  }
  // `previous` leads back from `from` to `to`: the chain reads to → … → from.
  const chain = [];
  for (let file = from; file !== null; file = previous.get(file)) chain.unshift(file);
  return [from, ...chain].map((file) => file.slice(root.length + 1));
}

export default {
  meta: {
    type: "problem",
    docs: { description: "Forbid import cycles between the project's files, type-only imports included." },
    messages: { cycle: "Import cycle (type-only imports count): {{path}}" },
    schema: [],
  },
  create(context) {
    graph ??= buildGraph();
    const file = resolve(context.physicalFilename);
    const members = graph.component.get(file);
    if (!members || members.size < 2) return {};
    const check = (node) => {
      if (!node.source || typeof node.source.value !== "string") return;
      const target = graph.resolveImport(node.source.value, file);
      if (!target || !members.has(target)) return;
      context.report({ node, messageId: "cycle", data: { path: cyclePath(graph, file, target).join(" → ") } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

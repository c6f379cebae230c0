// Builds this package from the one source of the client, ../../src/client (the explorer and the
// service's tests use it there): dist/index.js, one ES module with no imports, and dist/index.d.ts.
// The answer types live in the service's schemas as TypeBox `Static<typeof X>`; declarations that
// pointed there would need TypeBox (and the service) to be read, so each is written out here as the
// plain object type TypeScript resolves it to. Runs from a checkout, with the repository's dev tools.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import prettier from 'prettier';
import ts from 'typescript';

const HERE = import.meta.dirname;
const SOURCE = join(HERE, '..', '..', 'src', 'client');
const OUT = join(HERE, 'dist');

rmSync(OUT, { recursive: true, force: true });
mkdirSync(OUT, { recursive: true });

// Type-only imports of the schemas vanish here: the bundle is the client's own code.
await build({
  entryPoints: [join(SOURCE, 'index.ts')],
  outfile: join(OUT, 'index.js'),
  bundle: true,
  format: 'esm',
  platform: 'neutral',
  target: 'es2022',
  logLevel: 'warning',
});

/** The client's declarations, each file's text by its name relative to src/client. */
function clientDeclarations() {
  const options = {
    declaration: true,
    emitDeclarationOnly: true,
    strict: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    skipLibCheck: true,
  };
  const program = ts.createProgram([join(SOURCE, 'index.ts')], options);
  const files = new Map();
  const result = program.emit(undefined, (name, text) => {
    const relative = name.startsWith(SOURCE) ? name.slice(SOURCE.length + 1) : undefined;
    if (relative) files.set(relative, text);
  });
  const problems = ts.getPreEmitDiagnostics(program).concat(result.diagnostics);
  if (problems.length)
    throw new Error(ts.formatDiagnosticsWithColorAndContext(problems, ts.createCompilerHost(options)));
  return { program, files };
}

/** `export type Name = {...}` for every schema type the client names, written out in full. */
function answerTypes(program) {
  const checker = program.getTypeChecker();
  const names = new Set();
  const lines = [];
  const flags = ts.TypeFormatFlags.NoTruncation | ts.TypeFormatFlags.InTypeAlias;
  for (const file of program.getSourceFiles().filter((f) => f.fileName.startsWith(SOURCE))) {
    for (const statement of file.statements) {
      const specifier = statement.moduleSpecifier?.text;
      if (!specifier || !/^\.\.\/[a-z-]+\/([a-z-]+-)?schemas\.js$/.test(specifier)) continue;
      const clause = statement.importClause?.namedBindings ?? statement.exportClause;
      for (const element of clause.elements) {
        const name = element.name.text;
        if (names.has(name)) continue;
        names.add(name);
        const type = checker.getTypeAtLocation(element.name);
        lines.push(`export type ${name} = ${checker.typeToString(type, undefined, flags)};`);
      }
    }
  }
  return lines.join('\n\n');
}

const { program, files } = clientDeclarations();
const schemas = /(['"])\.\.\/[a-z-]+\/([a-z-]+-)?schemas\.js\1/g;
for (const [name, text] of files) {
  mkdirSync(join(OUT, name, '..'), { recursive: true });
  writeFileSync(join(OUT, name), text.replace(schemas, "'./answers.js'"));
}
const answers = `// The service's answers, as its schemas define them (written out by build.mjs).\n\n${answerTypes(program)}\n`;
writeFileSync(
  join(OUT, 'answers.d.ts'),
  await prettier.format(answers, { parser: 'typescript', printWidth: 110 }),
);

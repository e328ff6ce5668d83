// Every repository function takes a Scope (ADR 0010): reads and writes alike. This check reads
// the type of every `create…Repository` factory in src/modules and fails on a function whose
// first parameter is not a Scope, unless it works on a global table listed below with its reason.
// Run by `npm run check`; prints how many functions it checked.
import path from 'node:path';
import ts from 'typescript';

const root = path.resolve(import.meta.dirname, '..');

/** Functions that need no scope, and why: they touch no tenant's rows. */
const GLOBAL = {
  'rate-limits.repository.ts': 'rate-limit windows are keyed by address or IP, not by tenant',
  'organizations.repository.ts#countKnownApplications':
    'the application catalogue is shared by every organization',
};

const config = ts.getParsedCommandLineOfConfigFile(
  path.join(root, 'tsconfig.json'),
  {},
  { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} },
);
const program = ts.createProgram({ rootNames: config.fileNames, options: config.options });
const checker = program.getTypeChecker();

const problems = [];
let checked = 0;
let global = 0;
for (const file of program.getSourceFiles()) {
  if (!/\/src\/modules\/[^/]+\/[^/]+\.repository\.ts$/.test(file.fileName)) continue;
  const base = path.basename(file.fileName);
  ts.forEachChild(file, (node) => {
    if (!ts.isFunctionDeclaration(node) || !node.name?.text.match(/^create\w+Repository$/)) return;
    const signature = checker.getSignatureFromDeclaration(node);
    if (!signature) return;
    const repository = checker.getReturnTypeOfSignature(signature);
    for (const member of repository.getProperties()) {
      const type = checker.getTypeOfSymbolAtLocation(member, node);
      const [call] = type.getCallSignatures();
      if (!call) continue;
      checked += 1;
      const [first] = call.getParameters();
      const firstType =
        first && checker.typeToString(checker.getTypeOfSymbolAtLocation(first, node));
      if (firstType === 'Scope') continue;
      const reason = GLOBAL[base] ?? GLOBAL[`${base}#${member.name}`];
      if (reason) {
        global += 1;
        continue;
      }
      problems.push(
        `${path.relative(root, file.fileName)}: ${member.name}(${first?.name ?? ''}) takes no Scope first`,
      );
    }
  });
}

if (checked === 0) {
  console.error('scopes: no repository functions found: the check itself is broken');
  process.exit(1);
}
if (problems.length > 0) {
  console.error(
    `scopes: ${problems.length} repository functions without a Scope:\n  ${problems.join('\n  ')}`,
  );
  console.error(
    'Take `scope: Scope` first and filter by it, or list a global table in scripts/check-scopes.mjs with its reason.',
  );
  process.exit(1);
}
console.log(
  `scopes: ${checked} repository functions, ${checked - global} take a Scope, ${global} on global tables`,
);

// Two checks of the tenant scope (ADR 0010), run by `npm run check` (`npm run boundaries`):
//
// 1. Every repository function takes a Scope, reads and writes alike. This reads the type of
//    every `create…Repository` factory in src/modules and fails on a function whose first
//    parameter is not a Scope, unless it works on a global table listed in GLOBAL with its reason.
// 2. A scope without a signed-in caller (`systemScope` of src/lib/scope.ts: no policy checked) is
//    made only where SYSTEM_SCOPE allows it, for the reasons it names. This finds every reference
//    to `systemScope` (under any name it is imported as) in the API, its tests and scripts, the
//    benches and the end-to-end tests, and fails on one that is not a call with a literal reason
//    allowed in its place, and on an allowed place and reason that no call uses any more.
//
// Prints what it checked.
import path from 'node:path';
import ts from 'typescript';

const root = path.resolve(import.meta.dirname, '..');
const repo = path.resolve(root, '../..');

/** Functions that need no scope, and why: they touch no tenant's rows. */
const GLOBAL = {
  'rate-limits.repository.ts': 'rate-limit windows are keyed by address or IP, not by tenant',
  'organizations.repository.ts#countKnownApplications':
    'the application catalogue is shared by every organization',
  'second-factors.repository.ts#saveChallenge':
    'a WebAuthn challenge is random and single-use; a password-less one is issued before anyone is known',
  'second-factors.repository.ts#takeChallenge':
    'a WebAuthn challenge is random and single-use; a password-less one is issued before anyone is known',
};

/**
 * Where a system scope may be made (a path from the repository root; a folder ends in `/`), for
 * which reasons (lib/scope.ts `SystemReason`), and why no signed-in caller's scope serves there.
 */
const SYSTEM_SCOPE = {
  'apps/api/src/modules/auth/auth.service.ts': {
    signIn: 'signing in finds the account by e-mail in every organization: no one is signed in yet',
  },
  'apps/api/src/modules/sign-in/sign-in.service.ts': {
    signIn:
      'the second step finds the account a ticket or a passkey names, in every organization: no one is signed in yet',
  },
  'apps/api/src/modules/sso/sso-sign-in.service.ts': {
    singleSignOn:
      "an address's domain is looked up in every organization before anyone is signed in; the sign-in then writes in that organization",
  },
  'apps/api/src/modules/account/account.service.ts': {
    passwordReset: 'a reset link is asked for and used by someone who cannot sign in',
    registration: "registering with a code writes the new user into the code's organization",
  },
  'apps/api/src/modules/registration-codes/registration-codes.service.ts': {
    registration: 'a code is looked up by its hash before anyone is signed in',
  },
  'apps/api/src/modules/mail/mailer.ts': {
    mailDelivery: "the mail worker delivers every organization's queued mail",
  },
  'apps/api/src/modules/push/push.service.ts': {
    pushDelivery: "the push worker delivers every organization's queued notifications",
  },
  'apps/api/src/modules/materialbank/materialbank.service.ts': {
    fileSweep: 'the orphan sweep compares every stored object with the rows of every organization',
  },
  'apps/api/src/modules/materialbank/preview-queue.ts': {
    previewQueue: "the preview worker makes every organization's queued previews",
  },
  'apps/api/src/modules/alarms/alarms.service.ts': {
    alarmSweep: 'the offline sweep looks for silent devices in every organization',
  },
  'apps/api/src/modules/notifications/notifications.service.ts': {
    notifications:
      "held digests and escalation steps go to every organization's users; an unsubscribe link names its user by a signed token, not a session",
  },
  'apps/api/src/modules/ingest/': {
    ingest:
      "an uplink is authenticated by its ingest key (looked up in every organization), then written in the key's organization",
  },
  'apps/api/src/modules/retention/retention.service.ts': {
    retention: "the daily job reads every organization's retention, then deletes in each",
  },
  'apps/api/src/modules/report-schedules/report-runner.ts': {
    reportDelivery:
      "the runner claims every organization's due schedules, then reads and mails in each one's organization",
  },
  'apps/api/src/modules/webhooks/webhook-worker.ts': {
    webhookDelivery: "the webhook worker delivers every organization's queued deliveries",
  },
  'apps/api/src/db/seed.ts': {
    seed: 'the demo data is loaded before anyone exists to sign in',
  },
  'apps/api/test/': {
    seed: 'tests arrange data the API has no call for and drive services as the system does',
    ingest: 'tests drive the ingest repository and alarm evaluation as the ingest does',
  },
  'bench/': {
    seed: 'benchmarks drive services directly, as the system does',
    ingest: 'benchmarks drive the ingest and alarm evaluation as the ingest does',
  },
};

const config = ts.getParsedCommandLineOfConfigFile(
  path.join(root, 'tsconfig.json'),
  {},
  { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} },
);
// The benches and the end-to-end tests import the API's sources too: one program holds them all.
const others = ['bench', 'e2e'].flatMap((dir) =>
  ts.sys.readDirectory(path.join(repo, dir), ['.ts'], ['**/node_modules/**']),
);
const program = ts.createProgram({
  rootNames: [...config.fileNames, ...others],
  options: config.options,
});
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

// 2. System scopes: where each reference to `systemScope` is, and with which reason.
const scopeFile = program.getSourceFile(path.join(root, 'src/lib/scope.ts'));
const declared =
  scopeFile &&
  checker.getSymbolAtLocation(scopeFile)?.exports?.get(ts.escapeLeadingUnderscores('systemScope'));
if (!declared) {
  console.error('scopes: systemScope not found in src/lib/scope.ts: the check itself is broken');
  process.exit(1);
}
const placeOf = (file) =>
  Object.keys(SYSTEM_SCOPE).find((place) =>
    place.endsWith('/') ? file.startsWith(place) : file === place,
  );
const used = new Set();
let systemCalls = 0;
for (const file of program.getSourceFiles()) {
  if (file.isDeclarationFile || file === scopeFile || file.fileName.includes('/node_modules/'))
    continue;
  const relative = path.relative(repo, file.fileName);
  // The names `systemScope` goes by in this file: its own, and any it is imported as.
  const names = new Set(['systemScope']);
  const visit = (node) => {
    if (ts.isIdentifier(node) && names.has(node.text)) {
      const parent = node.parent;
      const symbol = checker.getSymbolAtLocation(node);
      const target =
        symbol && symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
      if (target === declared && !ts.isImportSpecifier(parent) && !ts.isExportSpecifier(parent)) {
        const { line } = file.getLineAndCharacterOfPosition(node.getStart());
        const where = `${relative}:${line + 1}`;
        const call = ts.isCallExpression(parent) && parent.expression === node ? parent : null;
        const [reasonNode] = call?.arguments ?? [];
        const reason = reasonNode && ts.isStringLiteral(reasonNode) ? reasonNode.text : null;
        const place = placeOf(relative);
        if (!call || reason === null) {
          problems.push(`${where}: systemScope is used other than called with a literal reason`);
        } else if (!place || !SYSTEM_SCOPE[place][reason]) {
          problems.push(`${where}: systemScope('${reason}') is not allowed here`);
        } else {
          systemCalls += 1;
          used.add(`${place}#${reason}`);
        }
      }
    }
    if (ts.isImportSpecifier(node) && (node.propertyName ?? node.name).text === 'systemScope') {
      names.add(node.name.text);
    }
    ts.forEachChild(node, visit);
  };
  // Imports first, so that an alias is known before its uses are visited.
  for (const statement of file.statements) if (ts.isImportDeclaration(statement)) visit(statement);
  for (const statement of file.statements) if (!ts.isImportDeclaration(statement)) visit(statement);
}
for (const [place, reasons] of Object.entries(SYSTEM_SCOPE)) {
  for (const reason of Object.keys(reasons)) {
    if (!used.has(`${place}#${reason}`)) {
      problems.push(
        `${place}: allowed systemScope('${reason}') but makes none: remove it from the list`,
      );
    }
  }
}

if (checked === 0) {
  console.error('scopes: no repository functions found: the check itself is broken');
  process.exit(1);
}
if (problems.length > 0) {
  console.error(`scopes: ${problems.length} problems:\n  ${problems.join('\n  ')}`);
  console.error(
    [
      'A repository function takes `scope: Scope` first and filters by it, or is listed in GLOBAL',
      '(scripts/check-scopes.mjs) with its reason. A service gets its scope from',
      '`authorize(caller, …)`; a system scope is for work without a signed-in caller, listed in',
      'SYSTEM_SCOPE with its place and reason.',
    ].join('\n'),
  );
  process.exit(1);
}
console.log(
  `scopes: ${checked} repository functions, ${checked - global} take a Scope, ${global} on global tables; ${systemCalls} system scopes, each in a place allowed to make one`,
);

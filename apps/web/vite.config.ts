import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { createServer, defineConfig, type Plugin } from 'vite';

const API_ORIGIN = process.env.VAHTI_API_ORIGIN ?? 'http://localhost:3000';
const OUT_DIR = fileURLToPath(new URL('./dist', import.meta.url));
const SRC_ALIAS = { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) };

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|wasm|map)$/;
const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/**
 * Writes a brotli and a gzip (level 9) copy beside every text file of the build, for the API to
 * send as they are (@fastify/static preCompressed): compressing costs build time once instead of
 * CPU on every request. Brotli 11 for the files index.html loads, which every visit waits for;
 * brotli 10 for the rest, within 2 % of 11 at less than half its time (see docs/performance.md).
 * A copy that would not be smaller is skipped.
 */
function precompress(): Plugin {
  return {
    name: 'vahti:precompress',
    apply: 'build',
    async closeBundle() {
      const files = (await readdir(OUT_DIR, { recursive: true })).filter((f) =>
        COMPRESSIBLE.test(f),
      );
      const html = await readFile(path.join(OUT_DIR, 'index.html'), 'utf8');
      const firstPage = new Set([...html.matchAll(/(?:src|href)="\/([^"]+)"/g)].map((m) => m[1]));
      await Promise.all(
        files.map(async (file) => {
          const full = path.join(OUT_DIR, file);
          const content = await readFile(full);
          const [br, gzipped] = await Promise.all([
            brotli(content, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: firstPage.has(file) ? 11 : 10,
                [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
              },
            }),
            gz(content, { level: constants.Z_BEST_COMPRESSION }),
          ]);
          if (br.length < content.length) await writeFile(`${full}.br`, br);
          if (gzipped.length < content.length) await writeFile(`${full}.gz`, gzipped);
        }),
      );
    },
  };
}

/**
 * Puts src/login-shell.js into index.html's `<!-- login shell -->`, inline: a script in the head
 * that had to be fetched would hold the first paint for a round trip (0.56 s on Slow 4G). The
 * server allows exactly the inline scripts of the index.html it serves, by their hashes
 * (apps/api/src/plugins/security.ts).
 */
function loginShell(): Plugin {
  return {
    name: 'vahti:login-shell',
    async transformIndexHtml(html) {
      const script = await readFile(
        fileURLToPath(new URL('./src/login-shell.js', import.meta.url)),
        'utf8',
      );
      // Its opening comment is for the source's readers, not for every visit.
      const code = script.replace(/^\/\*[\s\S]*?\*\/\s*/, '').trim();
      return html.replace('<!-- login shell -->', `<script>${code}</script>`);
    },
  };
}

/**
 * Renders the login screen (src/login-card.tsx) into index.html's `<!-- login card -->`, hidden
 * until src/login-shell.js shows it: the first paint of a phone on a slow network, and a form
 * its visitor can fill in while the JavaScript arrives (features/auth/static-login.ts), from the
 * screen's own components, so it is never kept alike by hand.
 */
function loginCard(): Plugin {
  return {
    name: 'vahti:login-card',
    apply: 'build',
    async transformIndexHtml(html) {
      const server = await createServer({
        configFile: false,
        root: fileURLToPath(new URL('.', import.meta.url)),
        appType: 'custom',
        logLevel: 'error',
        server: { middlewareMode: true, hmr: false, ws: false },
        resolve: { alias: [SRC_ALIAS] },
        plugins: [react()],
      });
      try {
        const { renderLoginCard } = await server.ssrLoadModule('/src/login-card.tsx');
        return html.replace(
          '<!-- login card -->',
          `<div id="login-shell">${renderLoginCard()}</div>`,
        );
      } finally {
        await server.close();
      }
    },
  };
}

/**
 * The domain's index re-exports every schema of every screen: through it alone a module is not
 * needed up front (the first page's own imports of the index pull in what it uses).
 */
const DOMAIN_INDEX = /packages[\\/]domain[\\/]src[\\/]index\.ts$/;

type ModuleInfoOf = (id: string) => { isEntry: boolean; importers: readonly string[] } | null;

/**
 * Whether the entry imports a module statically, directly or through others: then every page,
 * the login page first, needs it before it can render.
 */
function loadedUpFront(id: string, infoOf: ModuleInfoOf, seen = new Set<string>()): boolean {
  const known = upFront.get(id);
  if (known !== undefined) return known;
  if (seen.has(id)) return false;
  seen.add(id);
  const info = infoOf(id);
  const result =
    !!info &&
    (info.isEntry ||
      info.importers.some((i) => !DOMAIN_INDEX.test(i) && loadedUpFront(i, infoOf, seen)));
  upFront.set(id, result);
  return result;
}
const upFront = new Map<string, boolean>();

export default defineConfig(({ command }) => ({
  plugins: [react(), loginShell(), loginCard(), precompress()],
  resolve: {
    alias: [
      SRC_ALIAS,
      // React Router's package exports only its development build (with its warnings); the
      // production build beside it is the same code without them.
      ...(command === 'build'
        ? ['react-router', 'react-router/dom'].map((name) => ({
            find: new RegExp(`^${name}$`),
            replacement: fileURLToPath(
              import.meta.resolve(name).replace('/development/', '/production/'),
            ),
          }))
        : []),
    ],
  },
  server: {
    // The client signs in through POST /api/login, so only /api needs the API in development.
    proxy: { '/api': { target: API_ORIGIN, changeOrigin: false } },
  },
  build: {
    outDir: OUT_DIR,
    assetsDir: 'assets',
    emptyOutDir: true,
    // The size report gzips every chunk once more only to print it: seconds of `npm start`.
    reportCompressedSize: false,
    // The first page's one file is 780 kB before compression (about 200 kB as sent).
    chunkSizeWarningLimit: 1000,
    rollupOptions: {
      // @vahti/domain is schemas and constants (zod calls at module level that look like side
      // effects): a domain module no screen of a chunk uses stays out of that chunk.
      treeshake: {
        moduleSideEffects: (id) => (/\/packages\/domain\/src\//.test(id) ? false : undefined),
      },
      output: {
        // Everything the first page needs in one file (libraries included): over HTTP/1.1 each
        // further file costs a phone network a round trip, and one file compresses better than
        // twenty. The other screens stay in chunks of their own, loaded on demand.
        codeSplitting: {
          groups: [
            {
              debugName: 'first page',
              name: (id, context) =>
                loadedUpFront(id, (i) => context.getModuleInfo(i)) ? 'index' : null,
            },
          ],
        },
      },
    },
  },
}));

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, expectAccessible, hashPath, signIn, useE2E } from './support/browser.js';

const e2e = useE2E();

const CARDS = ['TIETO', 'VAINU', 'MATERIAALIPANKKI', 'HALLINTA'] as const;

/** Where each demo user lands after signing in (spec 000 §2, /main and its redirects). */
const LANDINGS = [
  {
    email: 'paayllapitaja@demo.vahti.fi',
    path: '/main',
    cards: ['TIETO', 'VAINU', 'MATERIAALIPANKKI', 'HALLINTA'],
  },
  {
    email: 'yllapitaja@demo.vahti.fi',
    path: '/main',
    cards: ['TIETO', 'VAINU', 'MATERIAALIPANKKI', 'HALLINTA'],
  },
  {
    email: 'paakayttaja@demo.vahti.fi',
    path: '/main',
    cards: ['TIETO', 'VAINU', 'MATERIAALIPANKKI', 'HALLINTA'],
  },
  { email: 'kayttaja@demo.vahti.fi', path: '/main', cards: ['TIETO', 'VAINU'] },
  { email: 'tieto@demo.vahti.fi', path: '/tieto/dashboard', cards: [] },
  {
    email: 'yllapitaja@toinen.vahti.fi',
    path: '/main',
    cards: ['TIETO', 'VAINU', 'MATERIAALIPANKKI', 'HALLINTA'],
  },
];

describe('sign-in in the browser', () => {
  it('the server printed the URL and the demo logins at start', () => {
    const output = e2e.server.output();
    expect(output).toContain(`Vahti is running at ${e2e.server.url}`);
    for (const { email } of LANDINGS) expect(output).toContain(email);
    expect(output).toContain('Vahti-demo-2026');
  });

  it.each(LANDINGS)('$email lands on $path', async ({ email, path, cards }) => {
    const page = await e2e.newPage();
    await page.goto('/');
    await expect
      .poll(() => page.getByRole('heading', { name: 'Kirjaudu sisään' }).isVisible())
      .toBe(true);
    await signIn(page, email);
    await expect.poll(() => hashPath(page)).toBe(path);
    if (path === '/main') {
      await page.getByRole('heading', { name: 'Valitse sovellus' }).waitFor();
      for (const card of CARDS) {
        const visible = await page.getByRole('link', { name: card, exact: true }).count();
        expect(visible, `${card} card for ${email}`).toBe(cards.includes(card) ? 1 : 0);
      }
    } else {
      await page.getByRole('button', { name: 'Kirjaudu ulos' }).waitFor();
    }
  });

  it('opens an application from its card', async () => {
    const page = await e2e.newPage();
    await page.goto('/#/login');
    await signIn(page, 'yllapitaja@demo.vahti.fi');
    await page.getByRole('link', { name: 'HALLINTA', exact: true }).click();
    await expect.poll(() => hashPath(page)).toBe('/admin/dashboard');
  });

  it('shows the error and only then the forgot-password link after a failed login; Enter submits', async () => {
    const page = await e2e.newPage();
    await page.goto('/');
    await page.getByLabel('Sähköposti').waitFor();
    expect(await page.getByRole('link', { name: 'Unohditko salasanasi?' }).count()).toBe(0);
    await page.getByLabel('Sähköposti').fill('kayttaja@demo.vahti.fi');
    await page.getByLabel('Salasana').fill('vaara-salasana');
    await page.getByLabel('Salasana').press('Enter');
    await expect
      .poll(() => page.getByRole('alert').first().textContent())
      .toContain('Sähköposti tai salasana on väärin');
    await page.getByRole('link', { name: 'Unohditko salasanasi?' }).click();
    await expect.poll(() => hashPath(page)).toBe('/forgot-password');
  });

  it('shows the Finnish validation texts on an invalid submit', async () => {
    const page = await e2e.newPage();
    await page.goto('/');
    await page.getByRole('button', { name: 'Kirjaudu', exact: true }).click();
    await page.getByText('Sähköposti on pakollinen tieto').waitFor();
    await page.getByText('Salasana on pakollinen').waitFor();
    await page.getByText('Tarkasta annetut tiedot').waitFor();
    await page.getByLabel('Sähköposti').fill('ei-osoite');
    await page.getByRole('button', { name: 'Kirjaudu', exact: true }).click();
    await page.getByText('Sähköposti ei ole kelvolline').waitFor();
    expect(hashPath(page)).not.toBe('/main');
  });

  it('sends an anonymous visitor to login with the wanted path and returns there after login', async () => {
    const page = await e2e.newPage();
    await page.goto('/#/vainu/dashboard');
    await expect.poll(() => hashPath(page)).toBe('/login?redirect=%2Fvainu%2Fdashboard');
    await signIn(page, 'kayttaja@demo.vahti.fi');
    await expect.poll(() => hashPath(page)).toBe('/vainu/dashboard');
  });

  it('sends a user without the section permission to not-found, and shows not-found for unknown paths', async () => {
    const page = await e2e.newPage();
    await page.goto('/');
    await signIn(page, 'tieto@demo.vahti.fi');
    await expect.poll(() => hashPath(page)).toBe('/tieto/dashboard');
    await page.goto('/#/admin/dashboard');
    await expect.poll(() => hashPath(page)).toBe('/not-found');
    await page.getByRole('heading', { name: 'Sivua ei löytynyt' }).waitFor();
    await page.goto('/#/ei-tallaista-sivua');
    await page.getByRole('heading', { name: 'Sivua ei löytynyt' }).waitFor();
  });

  it('keeps the session across a reload; logout revokes the token, clears it and returns to login', async () => {
    const page = await e2e.newPage();
    await page.goto('/');
    await signIn(page, 'kayttaja@demo.vahti.fi');
    await expect.poll(() => hashPath(page)).toBe('/main');
    await page.reload();
    await page.getByRole('heading', { name: 'Valitse sovellus' }).waitFor();
    await page.getByRole('link', { name: 'VAINU', exact: true }).click();
    const token = await page.evaluate(
      () => JSON.parse(localStorage.getItem('vahti.session') ?? '{}').token as string,
    );
    const revoked = page.waitForResponse((response) => response.url().endsWith('/api/logout'));
    await page.getByRole('button', { name: 'Kirjaudu ulos' }).click();
    expect((await revoked).status()).toBe(200);
    await expect.poll(() => hashPath(page)).toBe('/login');
    // The server revoked the token too: a copy of it opens nothing any more.
    const status = await page.evaluate(
      async (bearer) =>
        (await fetch('/api/auth', { headers: { authorization: `Bearer ${bearer}` } })).status,
      token,
    );
    expect(status).toBe(401);
    // Only the browser's device token stays (a known browser keeps its own sign-in count,
    // docs/security.md); it opens nothing by itself.
    expect(
      await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('vahti'))),
    ).toEqual(['vahti.deviceTokens']);
    const deviceToken = await page.evaluate(
      () => Object.values(JSON.parse(localStorage.getItem('vahti.deviceTokens') ?? '{}'))[0],
    );
    expect(
      await page.evaluate(
        async (bearer) =>
          (await fetch('/api/auth', { headers: { authorization: `Bearer ${bearer}` } })).status,
        deviceToken,
      ),
    ).toBe(401);
    await page.goto('/#/main');
    await expect.poll(() => hashPath(page)).toBe('/login?redirect=%2Fmain');
  });

  it("names the 429's retry time from Retry-After in the browser's own time zone", async () => {
    const page = await e2e.newPage({ timezoneId: 'America/New_York' });
    await page.route('**/api/login', (route) =>
      route.fulfill({
        status: 429,
        headers: { 'Retry-After': '600' },
        contentType: 'application/json',
        // The server's own text names Helsinki time; the browser does not repeat it.
        body: JSON.stringify({
          error: 'Liian monta epäonnistunutta yritystä. Yritä uudelleen klo 99.99.',
          code: 'TOO_MANY_REQUESTS',
        }),
      }),
    );
    await page.goto('/');
    const before = Date.now();
    await signIn(page, 'kayttaja@demo.vahti.fi', 'vaara-salasana');
    const alert = page.getByRole('alert').filter({ hasText: 'Liian monta' });
    await alert.waitFor();
    const after = Date.now();
    const clock = (now: number) =>
      new Intl.DateTimeFormat('fi', {
        hour: '2-digit',
        minute: '2-digit',
        timeZone: 'America/New_York',
      }).format(new Date(Math.ceil((now + 600_000) / 60_000) * 60_000));
    const text = await alert.innerText();
    expect(
      [before, after].map(
        (now) => `Liian monta epäonnistunutta yritystä. Yritä uudelleen klo ${clock(now)}.`,
      ),
    ).toContain(text.trim());
  });

  it('paints the static login card before the JavaScript only where the login screen follows', async () => {
    const page = await e2e.newPage();
    const card = page.locator('#login-shell');
    // With the app: React has replaced the card with the real screen.
    await page.goto('/#/login');
    await page.getByLabel('Sähköposti').waitFor();
    expect(await card.count()).toBe(0);
    // Without the app's JavaScript: what index.html alone paints.
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.reload();
    await expect.poll(() => card.isVisible()).toBe(true);
    expect(await card.getByText('Kirjaudu sisään').isVisible()).toBe(true);
    // A visitor uses the card until the app arrives: it must be as accessible as the screen.
    await expectAccessible(page);
    // Another screen, or a stored session (which goes on past the login screen): no card.
    for (const path of ['/#/user-register', '/#/admin/show-users', '/#/login?code=x']) {
      await page.goto(path);
      await page.reload();
      expect(await card.isVisible(), path).toBe(false);
    }
    await page.evaluate(() => localStorage.setItem('vahti.session', '{}'));
    await page.goto('/#/login');
    await page.reload();
    expect(await card.isVisible()).toBe(false);
  });

  /**
   * Opens the login page with the app's scripts held back until `release()`: the static card
   * alone, as a phone on a slow network has it while the JavaScript arrives.
   */
  const withScriptsHeld = async (page: Page) => {
    const held: Array<() => Promise<void>> = [];
    let holding = true;
    await page.route('**/assets/*.js', (route) =>
      holding ? held.push(() => route.continue()) : route.continue(),
    );
    // The page's load (and DOMContentLoaded) waits for the held module script: not goto's.
    await page.goto('/#/login', { waitUntil: 'commit' });
    return {
      held: () => held.length,
      release: async () => {
        holding = false;
        await Promise.all(held.map((go) => go()));
      },
    };
  };

  it('signs in with what was typed and sent on the static card before the JavaScript arrived', async () => {
    const page = await e2e.newPage();
    // The app's scripts wait until the visitor has filled the card in and sent it.
    const scripts = await withScriptsHeld(page);
    const card = page.locator('#login-shell');
    await card.getByLabel('Sähköposti').fill('paakayttaja@demo.vahti.fi');
    await card.getByLabel('Salasana').fill(DEMO_PASSWORD);
    await card.getByLabel('Salasana').press('Enter');
    // The browser did not send the form itself (it would put the password in the address).
    expect(page.url()).not.toContain('userPassword');
    expect(await card.locator('form[data-submitted]').count()).toBe(1);
    expect(scripts.held()).toBeGreaterThan(0);
    await scripts.release();
    // The app took the card's fields over and sent them on.
    await page.getByRole('heading', { name: 'Valitse sovellus' }).waitFor();
    expect(await card.count()).toBe(0);
  });

  it('keeps what was typed on the static card, and the caret in its field', async () => {
    const page = await e2e.newPage();
    const scripts = await withScriptsHeld(page);
    await page.locator('#login-shell').getByLabel('Sähköposti').fill('kayttaja@demo.vahti');
    await scripts.release();
    await expect.poll(() => page.locator('#login-shell').count()).toBe(0);
    // The same field, now React's, with the text and the caret; typing goes on where it was.
    await page.keyboard.type('.fi');
    expect(await page.getByLabel('Sähköposti').inputValue()).toBe('kayttaja@demo.vahti.fi');
    await page.getByLabel('Salasana').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Kirjaudu', exact: true }).click();
    await page.getByRole('heading', { name: 'Valitse sovellus' }).waitFor();
  });

  it('works on a 360 px wide phone screen', async () => {
    const page = await e2e.newPage({ width: 360, height: 740 });
    await page.goto('/');
    await signIn(page, 'paakayttaja@demo.vahti.fi');
    await page.getByRole('heading', { name: 'Valitse sovellus' }).waitFor();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

describe('accessibility (axe-core)', () => {
  it('the login page has no serious or critical violation and breaks no CSP rule', async () => {
    const page = await e2e.newPage();
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    await page.goto('/');
    await page.getByLabel('Sähköposti').waitFor();
    await expectAccessible(page);
    expect(problems).toEqual([]);
  });

  it('the application chooser has no serious or critical violation', async () => {
    const page = await e2e.newPage();
    await page.goto('/');
    await signIn(page, 'yllapitaja@demo.vahti.fi');
    await page.getByRole('heading', { name: 'Valitse sovellus' }).waitFor();
    await expectAccessible(page);
  });
});

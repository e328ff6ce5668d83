// The signed-in list's baseline (issue 30): bare Fastify, no plugins, no logger, one route that
// runs two indexed queries through a node-postgres pool of the app's size (10) as named
// statements — the demo Ylläpitäjä's account by primary key, then the organization's targets with
// their organization's name and contact users by name — and answers them with JSON.stringify.
// What the same round trips cost without the app: no token, no authorization, no validation, no
// compression, no log. Needs the bench database the app server has seeded (BENCH_DATABASE_URL).
import Fastify from 'fastify';
import pg from 'pg';
import { BENCH_USER } from '../lib/app.js';
import { serveForBench } from './serve.js';

const pool = new pg.Pool({
  connectionString: process.env.BENCH_DATABASE_URL,
  max: 10,
  application_name: 'bare-pg',
});
const {
  rows: [user],
} = await pool.query<{ user_id: string }>('select user_id from users where email = $1', [
  BENCH_USER,
]);
if (!user) throw new Error(`no ${BENCH_USER} in the bench database`);

const account = {
  name: 'bare_account',
  text: `select u.user_id, u.email, u.first_name, u.last_name, u.role, u.state, u.permissions,
      u.token_version, u.organization_id, o.name as organization_name
    from users u join organizations o on o.organization_id = u.organization_id
    where u.user_id = $1`,
};
const list = {
  name: 'bare_targets',
  text: `select t.*, o.name as organization_name, coalesce((
      select json_agg(json_build_object('uuid', u.user_id, 'userEmail', u.email,
        'userFirstName', u.first_name, 'userLastName', u.last_name, 'userRoles', u.role,
        'userState', u.state) order by u.last_name, u.first_name, u.user_id)
      from target_contact_users c join users u on u.user_id = c.user_id
        and u.organization_id = t.organization_id
      where c.target_id = t.target_id), '[]'::json) as contact_users
    from targets t join organizations o on o.organization_id = t.organization_id
    where t.organization_id = $1 order by t.name, t.target_id`,
};

const app = Fastify();
app.get('/', async () => {
  const { rows } = await pool.query({ ...account, values: [user.user_id] });
  const targets = await pool.query({ ...list, values: [rows[0].organization_id] });
  return { message: 'Kohteet haettu', targets: targets.rows };
});
await serveForBench(app, () => pool.end());

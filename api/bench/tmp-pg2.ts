import { Pool } from 'pg';
(async () => {
  const pool = new Pool({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres', max: 4 });
  pool.on('error', () => {});
  await pool.query('create table if not exists bench_tmp_x (a int)');
  const c = await pool.connect(); c.on('notice', (n) => console.log('notice', n.message));
  for (const q of ['insert into bench_tmp_x values (1)', "with i as (insert into bench_tmp_x values (1)) select set_config('synchronous_commit', 'off', true)"]) {
    const n = 200; const t = Date.now();
    for (let i = 0; i < n; i++) await c.query(q);
    console.log(((Date.now() - t) / n).toFixed(2), 'ms', q.slice(0, 40));
  }
  console.log((await c.query('show synchronous_commit')).rows);
  c.release();
  await pool.query('drop table bench_tmp_x'); await pool.end();
})();

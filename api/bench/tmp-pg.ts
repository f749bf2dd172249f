import { Pool } from 'pg';
(async () => {
  const pool = new Pool({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres', max: 4 });
  await pool.query('create temp table if not exists x (a int)').catch(() => {});
  await pool.query('create table if not exists bench_tmp_x (a int)');
  for (const conc of [1, 4]) {
    const n = 200; const t = Date.now(); let i = 0;
    await Promise.all(Array.from({ length: conc }, async () => { while (i++ < n) await pool.query('insert into bench_tmp_x values (1)'); }));
    console.log('insert conc', conc, ((Date.now() - t) / n).toFixed(2), 'ms per insert');
  }
  const t = Date.now();
  for (let k = 0; k < 200; k++) await pool.query('select 1');
  console.log('select', ((Date.now() - t) / 200).toFixed(2));
  await pool.query('drop table bench_tmp_x');
  await pool.end();
})();

import { verify, hash } from '@node-rs/argon2';
(async () => {
  const h = await hash('x', { memoryCost: 19456, timeCost: 2, parallelism: 1 });
  for (let k = 0; k < 3; k++) {
    const t = process.hrtime.bigint();
    const ps = [];
    for (let i = 0; i < 20; i++) ps.push(verify(h, 'x'));
    const sync = Number(process.hrtime.bigint() - t) / 1e6 / 20;
    const c = process.cpuUsage();
    await Promise.all(ps);
    console.log('sync part per call ms', sync.toFixed(3));
  }
  // main-thread cpu of awaiting verifies
  const c = process.cpuUsage(); const el = performance.eventLoopUtilization();
  for (let i = 0; i < 50; i++) await verify(h, 'x');
  const u = process.cpuUsage(c); const e = performance.eventLoopUtilization(el);
  console.log('process cpu per verify', ((u.user + u.system) / 1000 / 50).toFixed(2), 'event loop utilization', e.utilization.toFixed(3));
})();

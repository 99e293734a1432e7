// Electronegativity fetches Electron's release list and its translations at start; with no
// internet (CI here) got rejects after the run's promise settled and the process would crash.
// Only those two errors are swallowed; anything else still fails the run.
const offline = (e) => String(e && e.message).includes('onCancel') || (e && e.name === 'RequestError');
process.on('uncaughtException', (e) => { if (offline(e)) return; console.error(e); process.exit(2); });
process.on('unhandledRejection', (e) => { if (offline(e)) return; console.error(e); process.exit(2); });

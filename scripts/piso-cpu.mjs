// The machine's floor for the suite's times: one core's time for a fixed JavaScript loop.
// Machines of one kind differ by up to twice in how long the suite takes; a run's time is read
// against this figure, printed by the test command before it starts (docs/performance.md).
const inicio = performance.now();
let x = 0;
for (let i = 0; i < 1e8; i++) x = (x * 31 + i) | 0;
const ms = performance.now() - inicio;
globalThis.resultado = x;
console.log(`machine floor: ${ms.toFixed(0)} ms for a fixed loop on one core`);

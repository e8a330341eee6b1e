// Node flags of the built server wherever it runs as production does (`npm start`, `npm run
// cluster`, the bench's servers).
//
// --max-semi-space-size=4: V8's young generation at 2 × 4 MB instead of its 2 × 16 MB default.
// Measured on the built server (PostgreSQL, 2026-11-26, bench/README.md "Exports' peak RSS"):
// the 32 MB young generation is almost all resident after start-up (new space 32.0 MB reserved
// for 0-7 MB in use), so it is 20 MB of RSS for nothing the server keeps: the live heap after a
// forced GC is 32 MB at start and 38 MB after a load of 6,000 requests, with no cache growing.
// Smaller semi-spaces mean more frequent scavenges (each shorter); 4 MB is the middle ground
// between the RSS budget and the scavenge count (2 MB saved a little more, at more scavenges).
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=4'];

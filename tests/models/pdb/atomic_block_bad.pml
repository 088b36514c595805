/* atomic_block_bad.pml -- an atomic sequence that blocks half-way: P sets
 * x = 1 inside atomic and then waits for y == 1, which Q sets.  While P
 * waits it loses its exclusive right and every process may move, so W
 * sees x == 1: the assertion fails.  Once Q has moved, P is inside its
 * sequence with an executable move but without the right (the last move
 * was Q's): W may still move first.  Two counters add states.
 * Expected verdict: violation (shortest trail: P's x = 1, W's guard and
 * its assert).  An abstraction that let P move alone whenever its move
 * inside the sequence is executable would prune the error.
 */
byte x, y, a, b;

active proctype W() { x == 1 -> assert(false) }
active proctype P() { atomic { x = 1; y == 1 -> x = 2 }; x = 0 }
active proctype Q() { y = 1 }
active proctype A() { do :: a < 20 -> a++ :: else -> a = 0 od }
active proctype B() { do :: b < 20 -> b++ :: else -> b = 0 od }

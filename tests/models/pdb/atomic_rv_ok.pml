/* atomic_rv_ok.pml -- as atomic_rv_bad.pml, but W waits for y == 1 &&
 * z == 0, which holds only between Q's receive and its next move, while
 * Q moves alone.  Expected verdict: no violation; pdb's h(initial) is
 * infinite.
 * pan-options: -E
 * Without statement merging (with it the last assignment of a sequence
 * is merged into its guard, an effect the abstraction lets happen or
 * not, coarser):
 * spin-options: -o3
 */
chan c = [0] of { byte };
byte x, y, z;

active proctype W() { (y == 1 && z == 0) -> assert(false) }
active proctype P() { atomic { x = 1; c!x; x = 0 } }
active proctype Q() { atomic { c?y; z = y + 1 }; y = 0 }

/* atomic_block_ok.pml -- the same processes as atomic_block_bad.pml, but
 * y is 1 from the start: P's sequence never blocks, x == 1 holds only
 * while P moves alone, and W never sees it.  Expected verdict: no
 * violation.  pdb: the abstraction knows who moves alone inside an
 * atomic sequence, so h(initial) is infinite and A* stores only the
 * initial state; without atomicity x == 1 would be reachable for W.
 * pan-options: -E
 * Without statement merging (with it the last assignment of a sequence
 * is merged into its guard, an effect the abstraction lets happen or
 * not, coarser):
 * spin-options: -o3
 */
byte x, y = 1, a, b;

active proctype W() { x == 1 -> assert(false) }
active proctype P() { atomic { x = 1; y == 1 -> x = 2 }; x = 0 }
active proctype Q() { y = 1 }
active proctype A() { do :: a < 20 -> a++ :: else -> a = 0 od }
active proctype B() { do :: b < 20 -> b++ :: else -> b = 0 od }

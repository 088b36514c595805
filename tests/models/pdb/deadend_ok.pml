/* deadend_ok.pml -- a correct model whose error is unreachable for a
 * reason a pattern of one variable sees: x cycles through 0..200 and
 * never reaches 255, while two other counters make the state space
 * large.  Expected verdict: no violation.  pdb: h(initial) is infinite
 * (the projection onto x and the locations has no error path), so A*
 * stores only the initial state; SPIN's BFS stores about 1.5 million.
 * pan-options: -E
 */
byte x, a, b;

active proctype X() { do :: x < 200 -> x++ :: x == 200 -> x = 0 od }
active proctype A() { do :: a < 30 -> a++ :: else -> a = 0 od }
active proctype B() { do :: b < 30 -> b++ :: else -> b = 0 od }
active proctype W() { x == 255 -> assert(false) }

/* gate_bad.pml -- a lock-step gate: the error needs x to climb to 6 one
 * step at a time, each step only after y has been reset, with two noise
 * counters around.  hL's relaxation lets x reach 6 without the
 * alternation; the pattern database knows it, so A* with pdb stores far
 * fewer states.  Expected verdict: violation (29 steps).
 */
byte x, y, n1, n2;

active proctype Up() { do :: y == 0 && x < 6 -> x++; y = 1 od }
active proctype Down() { do :: y == 1 -> y = 0 od }
active proctype N1() { do :: n1 < 9 -> n1++ :: n1 == 9 -> n1 = 0 od }
active proctype N2() { do :: n2 < 9 -> n2++ :: n2 == 9 -> n2 = 0 od }
active proctype W() { x == 6 -> assert(false) }

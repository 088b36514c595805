/* atomic_dstep_bad.pml -- a d_step inside an atomic sequence (one pan
 * transition, which keeps the sequence's exclusive right) whose guard is
 * false: P blocks in the middle of its sequence after x = 1, everyone may
 * move, and W sees x == 1.  Expected verdict: violation.
 */
byte x, y, a;

active proctype W() { x == 1 -> assert(false) }
active proctype P() { atomic { x = 1; d_step { y == 1; x = 2; y = 0 } }; x = 0 }
active proctype Q() { y = 1 }
active proctype A() { do :: a < 20 -> a++ :: else -> a = 0 od }

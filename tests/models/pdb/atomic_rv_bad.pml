/* atomic_rv_bad.pml -- a rendezvous inside atomic sequences: P sends x
 * from inside its sequence, Q receives inside its own.  The rendezvous
 * ends P's exclusive right and gives it to Q, which moves alone until it
 * leaves its sequence (z = y + 1); then P's x is still 1 and W sees
 * x == 1 && z == 2.  Expected verdict: violation.
 * spin-options: -o3
 */
chan c = [0] of { byte };
byte x, y, z;

active proctype W() { (x == 1 && z == 2) -> assert(false) }
active proctype P() { atomic { x = 1; c!x; x = 0 } }
active proctype Q() { atomic { c?y; z = y + 1 }; y = 0 }

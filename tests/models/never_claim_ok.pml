/* never_claim_ok.pml -- a hand-written never claim that cannot match.
 * Three processes enter a critical section guarded by a test-and-set
 * lock (an atomic sequence).  The never claim reaches its end only if two
 * processes are in the critical section at once, which the lock prevents.
 * Expected verdict: no violation.
 * SPIN 6.5.2 observed (-DNOREDUCE): BFS errors: 0 (10 states stored),
 *   DFS errors: 0 (10 states stored).
 */
bit lock = 0;
byte incs = 0;

active [3] proctype user()
{
	do
	:: atomic { lock == 0 -> lock = 1 };
	   incs++;
	   /* critical section */
	   incs--;
	   lock = 0
	od
}

never {
	do
	:: incs >= 2 -> break       /* two processes inside: bad */
	:: else -> skip
	od
}

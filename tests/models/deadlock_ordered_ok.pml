/* deadlock_ordered_ok.pml -- no invalid end state.
 * The processes of deadlock_locks_bad.pml, both taking the locks in the
 * same order, so neither can wait for a lock the other holds while
 * holding one itself.  A server loops forever behind an `end` label,
 * which makes its blocked state a valid end state.
 * Expected verdict: no violation.
 * SPIN 6.5.2 observed (-DNOREDUCE): BFS errors: 0 (331 states stored),
 *   DFS errors: 0 (295 states stored).
 */
bit lockA = 0, lockB = 0;
byte uses = 0;
chan done = [0] of { bit };

active [2] proctype worker()
{
	byte k;
	for (k : 1 .. 2) {
		atomic { lockA == 0 -> lockA = 1 };
		atomic { lockB == 0 -> lockB = 1 };
		uses++;
		lockB = 0;
		lockA = 0
	}
	done ! 1
}

active proctype collector()
{
	bit b;
end:	do                       /* valid end: waiting for more work */
	:: done ? b -> assert(uses >= 2)
	od
}

/* deadlock_locks_bad.pml -- invalid end state (deadlock).
 * Two processes each need two locks and take them in opposite orders:
 * each can hold one lock and wait forever for the other.  No process is
 * at an end label, so pan reports an invalid end state.
 * Expected verdict: violation (invalid end state).
 * SPIN 6.5.2 observed (-DNOREDUCE): BFS errors: 1 (31 states stored, trail 7 steps),
 *   DFS errors: 1 (93 states stored, trail 13 steps).
 */
bit lockA = 0, lockB = 0;
byte uses = 0;

active proctype p()
{
	byte k;
	for (k : 1 .. 2) {
		atomic { lockA == 0 -> lockA = 1 };
		atomic { lockB == 0 -> lockB = 1 };
		uses++;
		lockB = 0;
		lockA = 0
	}
}

active proctype q()
{
	byte k;
	for (k : 1 .. 2) {
		atomic { lockB == 0 -> lockB = 1 };    /* opposite order */
		atomic { lockA == 0 -> lockA = 1 };
		uses++;
		lockA = 0;
		lockB = 0
	}
}

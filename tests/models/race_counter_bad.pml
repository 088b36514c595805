/* race_counter_bad.pml -- the lost update (no atomic sequence).
 * Like atomic_counter_ok.pml (with two processes) but without `atomic`:
 * each process reads the counter, then writes it back plus one, so both
 * can read the same value and an increment is lost.
 * Expected verdict: violation (assertion).
 * SPIN 6.5.2 observed (-DNOREDUCE): BFS errors: 1 (530 states stored, trail 24 steps),
 *   DFS errors: 1 (77 states stored, trail 24 steps).
 */
#define P 2

byte count = 0;
byte done = 0;

active [P] proctype inc()
{
	byte tmp, k;
	for (k : 1 .. 2) {
		tmp = count;             /* read           */
		count = tmp + 1          /* write: racy    */
	}
	atomic { done++ }
}

active proctype monitor()
{
	done == P;
	assert(count == 2 * P)
}

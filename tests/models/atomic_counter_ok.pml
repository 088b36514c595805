/* atomic_counter_ok.pml -- atomic sequences.
 * Three processes each increment a shared counter twice, reading and
 * writing it inside an atomic sequence, so no update is lost.  A
 * monitor waits until every process is done and checks the total.
 * Expected verdict: no violation.
 * SPIN 6.5.2 observed (-DNOREDUCE): BFS errors: 0 (3366 states stored),
 *   DFS errors: 0 (3366 states stored).
 */
#define P 3

byte count = 0;
byte done = 0;

active [P] proctype inc()
{
	byte tmp, k;
	for (k : 1 .. 2) {
		atomic {
			tmp = count;         /* read ...                  */
			tmp++;
			count = tmp          /* ... and write, indivisibly */
		}
	}
	atomic { done++ }
}

active proctype monitor()
{
	done == P;
	assert(count == 2 * P)
}

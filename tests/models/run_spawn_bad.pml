/* run_spawn_bad.pml -- dynamic process creation with `run`.
 * init starts workers one at a time with `run`, passing each an id; every
 * worker adds its id to a total.  The assertion in init claims the total
 * stays below 6, but with all three workers running it reaches 1+2+3 = 6.
 * Expected verdict: violation (assertion).
 * SPIN 6.5.2 observed (-DNOREDUCE): BFS errors: 1 (123 states stored, trail 16 steps),
 *   DFS errors: 1 (19 states stored, trail 19 steps).
 */
byte total = 0;
byte finished = 0;

proctype worker(byte id)
{
	atomic { total = total + id; finished++ }
}

init {
	byte i;
	for (i : 1 .. 3) {
		run worker(i)
	}
	finished == 3;
	assert(total < 6)            /* wrong: the total is exactly 6 */
}

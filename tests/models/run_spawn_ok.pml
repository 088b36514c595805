/* run_spawn_ok.pml -- `run`, _nr_pr and process termination.
 * init spawns workers (each with its own parameter) until a budget is
 * used up; each worker decrements a shared budget atomically.  init waits
 * until only itself is left (_nr_pr == 1) and checks the budget is
 * exactly zero.  Terminated processes free their slots, so more can run.
 * Expected verdict: no violation.
 * SPIN 6.5.2 observed (-DNOREDUCE): BFS errors: 0 (45 states stored),
 *   DFS errors: 0 (35 states stored).
 */
byte budget = 4;
byte spawned = 0;

proctype worker(byte amount)
{
	atomic {
		assert(budget >= amount);
		budget = budget - amount
	}
}

init {
	do
	:: atomic { spawned < 4 && _nr_pr < 3 -> spawned++; run worker(1) }
	:: spawned == 4 -> break
	od;
	_nr_pr == 1;                 /* all workers have terminated */
	assert(budget == 0)
}

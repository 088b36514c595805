/* run_pid_bad.pml -- _pid in a process that init starts with run.  The
 * abstract model's automaton for such a proctype stands for all its
 * instances (pan pid -1 while it is built), and _pid became the constant
 * -1: hL, hU and hUc took the guard for never true, pruned the initial
 * state and reported no violation (found by the differential tester,
 * seed 5168).  SPIN 6.5.2 pan -E: errors 1.
 */

bit b;
proctype P() {
	(_pid == 1);
	assert(b == 1)
}

init {
	run P()
}

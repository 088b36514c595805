/* peterson_workers_bad.pml -- written for spin-dmc's guidance corpus.
 * Peterson's two-process mutual exclusion with an injected bug: a process
 * sets turn to its own index instead of the other's, so the wait
 * "flag[other] && turn == other" lets both enter.  Two independent
 * workers move byte counters up and down (noise the heuristics must not
 * get lost in).  Violation: assertion (two processes in the critical
 * section). */
bool flag[2];
bit turn;
byte incs;
byte w[2];

proctype P(bit i)
{
	do
	:: flag[i] = true;
	   turn = i;		/* bug: should be turn = 1 - i */
	   (!flag[1 - i] || turn == i);
	   incs++;
	   assert(incs == 1);
	   incs--;
	   flag[i] = false
	od
}

proctype W(byte k)
{
	do
	:: w[k] < 100 -> w[k]++
	:: w[k] > 0 -> w[k]--
	od
}

init {
	atomic { run P(0); run P(1); run W(0); run W(1) }
}

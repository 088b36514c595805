/* dekker_workers_bad.pml -- written for spin-dmc's guidance corpus.
 * Dekker's mutual exclusion algorithm with an injected bug: on leaving
 * a process whose turn it is leaves the waiting loop even though the
 * other's flag is raised, instead of waiting for the flag to drop.  Three workers
 * count bytes up and down independently.  Violation: assertion (mutual
 * exclusion). */
bool flag[2];
bit turn;
byte incs;
byte w[3];

proctype P(bit i)
{
	do
	:: flag[i] = true;
	   do
	   :: flag[1 - i] ->
		if
		:: turn != i ->
			flag[i] = false;
			(turn == i);
			flag[i] = true
		:: else -> break	/* bug: enters on its turn while the other's flag is up */
		fi
	   :: else -> break
	   od;
	   incs++;
	   assert(incs == 1);
	   incs--;
	   flag[i] = false;
	   turn = 1 - i
	od
}

proctype W(byte k)
{
	do
	:: w[k] < 40 -> w[k]++
	:: w[k] > 0 -> w[k]--
	od
}

init {
	atomic { run P(0); run P(1); run W(0); run W(1); run W(2) }
}

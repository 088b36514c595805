/* barrier_bad.pml -- written for spin-dmc's guidance corpus.
 * N processes run ROUNDS phases separated by a counting barrier, with an
 * injected bug: the barrier resets its counter but has no sense flag, so
 * a fast process can run through the next barrier while a slow one has
 * not left the previous one.  Each process does local work per phase.
 * Violation: invalid end state (a process that missed the reset waits
 * forever) or assertion (no process two phases ahead of another). */
#ifndef N
#define N 3
#endif
#define ROUNDS 3

byte arrived;
byte phase[N];

proctype P(byte i)
{
	byte r, work, j;
	do
	:: r < ROUNDS ->
		work = 0;
		do :: work < 2 -> work++ :: else -> break od;
		atomic { arrived++; if :: arrived == N -> arrived = 0 :: else fi };
		(arrived == 0);		/* bug: the counter alone cannot tell rounds apart */
		phase[i]++;
		j = 0;
		do
		:: j < N -> assert(phase[i] <= phase[j] + 1); j++
		:: else -> break
		od;
		r++
	:: else -> break
	od
}

init { byte i; atomic { i = 0; do :: i < N -> run P(i); i++ :: else -> break od } }

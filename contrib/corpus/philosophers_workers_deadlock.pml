/* philosophers_workers_deadlock.pml -- written for spin-dmc's guidance corpus.
 * N dining philosophers, each eating ROUNDS times and taking the left fork
 * first (the classic deadlock), beside two workers that count to a bound
 * and then stop.  Violation: invalid end state (every philosopher holds
 * its left fork and waits for the right one). */
#ifndef N
#define N 4
#endif
#define ROUNDS 2

bool fork[N];
byte w[2];

proctype Phil(byte i)
{
	byte r = 0;
	do
	:: r < ROUNDS ->
		atomic { !fork[i] -> fork[i] = true };
		atomic { !fork[(i + 1) % N] -> fork[(i + 1) % N] = true };
		r++;	/* eat */
		fork[(i + 1) % N] = false;
		fork[i] = false
	:: else -> break
	od
}

proctype W(byte k)
{
	do
	:: w[k] < 8 -> w[k]++
	:: w[k] == 8 -> break
	od
}

init {
	byte i;
	atomic {
		i = 0;
		do :: i < N -> run Phil(i); i++ :: else -> break od;
		run W(0); run W(1)
	}
}

/* lock_order_deadlock.pml -- written for spin-dmc's guidance corpus.
 * N processes each take two of N locks, process i taking lock i and then
 * lock (i+1) % N, and do some local work in between; a worker counts up
 * to a bound and stops.  Injected bug: the cyclic lock order (one process
 * should take its locks in the other order).  Violation: invalid end
 * state. */
#ifndef N
#define N 3
#endif

bool lock[N];
byte w;

proctype P(byte i)
{
	byte work;
	do
	:: atomic { !lock[i] -> lock[i] = true };
	   work = 0;
	   do :: work < 3 -> work++ :: else -> break od;
	   atomic { !lock[(i + 1) % N] -> lock[(i + 1) % N] = true };
	   lock[(i + 1) % N] = false;
	   lock[i] = false
	od
}

proctype W()
{
	do
	:: w < 10 -> w++
	:: w == 10 -> break
	od
}

init {
	byte i;
	atomic { i = 0; do :: i < N -> run P(i); i++ :: else -> break od; run W() }
}

/* tas_nonatomic_bad.pml -- written for spin-dmc's guidance corpus.
 * A spin lock for N processes built on test-and-set, with an injected bug:
 * the test and the set are two steps, so two processes can both see the
 * lock free.  Each process does some local work outside the critical
 * section.  Violation: assertion (mutual exclusion). */
#ifndef N
#define N 3
#endif

bool locked;
byte incs;

proctype P()
{
	byte work;
	do
	:: work < 4 -> work++
	:: work == 4 ->
		work = 0;
		(!locked);	/* bug: test ... */
		locked = true;	/* ... and set are not one atomic step */
		incs++;
		assert(incs == 1);
		incs--;
		locked = false
	od
}

init { byte i; atomic { i = 0; do :: i < N -> run P(); i++ :: else -> break od } }

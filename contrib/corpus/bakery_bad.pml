/* bakery_bad.pml -- written for spin-dmc's guidance corpus.
 * Lamport's bakery algorithm for N processes (tickets bounded by a
 * process doing at most ROUNDS rounds), with an injected bug: the
 * "choosing" flag is never waited on, so a process can compare against
 * a ticket that is still being computed.  Violation: assertion (two
 * processes in the critical section). */
#ifndef N
#define N 3
#endif
#define ROUNDS 3

bool choosing[N];
byte number[N];
byte incs;

proctype P(byte i)
{
	byte j, max, r;
	do
	:: r < ROUNDS ->
		choosing[i] = true;
		max = 0; j = 0;
		do
		:: j < N -> if :: number[j] > max -> max = number[j] :: else fi; j++
		:: else -> break
		od;
		number[i] = max + 1;
		choosing[i] = false;
		j = 0;
		do
		:: j < N ->
			/* bug: missing (!choosing[j]); */
			(j == i || number[j] == 0 || number[j] > number[i]
			 || (number[j] == number[i] && j > i));
			j++
		:: else -> break
		od;
		incs++;
		assert(incs == 1);
		incs--;
		number[i] = 0;
		r++
	:: else -> break
	od
}

init {
	byte k;
	atomic { k = 0; do :: k < N -> run P(k); k++ :: else -> break od }
}

/* ticket_lock_bad.pml -- written for spin-dmc's guidance corpus.
 * A ticket lock for N processes (tickets modulo 16), with an injected
 * bug: taking a ticket reads next and increments it in two steps
 * (fetch-and-increment is not atomic), so two processes can hold the same
 * ticket.  Two workers move counters independently.  Violation:
 * assertion (mutual exclusion). */
#ifndef N
#define N 3
#endif

byte next, serving;
byte incs;
byte w[2];

proctype P()
{
	byte my;
	do
	:: my = next;			/* bug: not atomic with ... */
	   next = (next + 1) % 16;	/* ... the increment */
	   (serving == my);
	   incs++;
	   assert(incs == 1);
	   incs--;
	   serving = (serving + 1) % 16
	od
}

proctype W(byte k)
{
	do
	:: w[k] < 30 -> w[k]++
	:: w[k] > 0 -> w[k]--
	od
}

init { byte i; atomic { i = 0; do :: i < N -> run P(); i++ :: else -> break od; run W(0); run W(1) } }

/* sem_pc_deadlock.pml -- written for spin-dmc's guidance corpus.
 * The semaphore solution of producers and consumers over a buffer of
 * SIZE items, with an injected bug: the consumer takes the mutex before
 * waiting on "avail" (items available) (the classic order mistake), so with an empty buffer
 * it blocks while holding the mutex and the producer can never add an
 * item.  Each side makes ITEMS items.  Violation: invalid end state. */
#define SIZE 2
#define ITEMS 3

byte mutex = 1, slots = SIZE, avail = 0;
byte items;

inline P(s) { atomic { s > 0 -> s-- } }
inline V(s) { s++ }

proctype Producer()
{
	byte n = 0;
	do
	:: n < ITEMS ->
		P(slots); P(mutex);
		items++;
		V(mutex); V(avail);
		n++
	:: else -> break
	od
}

proctype Consumer()
{
	byte n = 0;
	do
	:: n < ITEMS ->
		P(mutex); P(avail);	/* bug: should be P(avail); P(mutex) */
		items--;
		V(mutex); V(slots);
		n++
	:: else -> break
	od
}

init { atomic { run Producer(); run Consumer() } }

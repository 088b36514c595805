/* bounded_buffer_bad.pml -- written for spin-dmc's guidance corpus.
 * A bounded ring buffer of SIZE slots shared by two producers and two
 * consumers, with an injected bug: a producer's "not full" guard is
 * "count <= SIZE" instead of "count < SIZE", so the buffer can overflow;
 * a worker process counts independently.  Violation: assertion (count
 * never exceeds SIZE). */
#ifndef SIZE
#define SIZE 3
#endif

byte buf[SIZE + 1];
byte head, tail, count;
byte w;

proctype Producer(byte v)
{
	do
	:: atomic {
		count <= SIZE ->	/* bug: should be count < SIZE */
		buf[tail] = v;
		tail = (tail + 1) % (SIZE + 1);
		count++;
		assert(count <= SIZE)
	   }
	od
}

proctype Consumer()
{
	byte x;
	do
	:: atomic {
		count > 0 ->
		x = buf[head];
		head = (head + 1) % (SIZE + 1);
		count--
	   };
	   x = 0
	od
}

proctype W()
{
	do
	:: w < 50 -> w++
	:: w > 0 -> w--
	od
}

init { atomic { run Producer(1); run Producer(2); run Consumer(); run Consumer(); run W() } }

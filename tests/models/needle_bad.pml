/* needle_bad.pml -- a needle in a haystack for the distributed search
 * (tests/e2e/distributed.sh): one process walks a lock's combination,
 * digit by digit, while a haystack counter and NOISE noise processes
 * multiply the state space without affecting it.
 *
 * The walker sets `digit` to each value of the combination in turn; a
 * wrong guess sends it back to the start.  The assertion fails when the
 * whole combination was entered: the needle.  A heuristic that reads
 * the assertion (hf: |pos - LEN|) leads greedy search along the
 * combination; breadth-first search stores every state of the haystack
 * below the needle's depth.
 *
 * Expected verdict: violation (assertion pos != LEN).  The shortest
 * trail only moves the walker: 4 steps per digit (the loop's guard, the
 * right guess, its test, the advance), then the guard and the
 * assertion: 4 * LEN + 2 steps (50 with the defaults).
 * Compile-time knobs (spin -D...): LEN (default 12), NOISE (default 2),
 * HAY (default 120).
 *
 * Written for spin-dmc.
 */
#ifndef LEN
#define LEN   12        /* the combination's length */
#endif
#ifndef NOISE
#define NOISE 2         /* noise processes */
#endif
#ifndef HAY
#define HAY   120       /* the haystack counter's range */
#endif

byte pos = 0;
byte hay = 0;

active proctype walker()
{
	byte guess;
	do
	:: pos < LEN ->
		if
		:: guess = (pos * 7 + 3) % 10        /* the right digit */
		:: guess = (pos * 7 + 4) % 10        /* a wrong one */
		fi;
		if
		:: guess == (pos * 7 + 3) % 10 -> pos++
		:: else -> pos = 0
		fi
	:: pos == LEN -> assert(pos != LEN)
	od
}

/* the haystack: a counter up and down, independent of the needle */
active proctype haystack()
{
	do
	:: hay < HAY -> hay++
	:: hay > 0 -> hay--
	od
}

/* noise: a ring of local states and a bit */
active [NOISE] proctype noise()
{
	byte phase = 0;
	bit  b = 0;
	do
	:: phase = (phase + 1) % 4
	:: b = 1 - b
	od
}

/* counter_noise.pml -- a needle in a haystack: the README's demo model.
 *
 * One process counts a global counter up from 0; the assertion fails when
 * it reaches GOAL.  NOISE independent processes each cycle through a few
 * local states (a phase counting modulo 4 and a bit), doing
 * nothing relevant; they only multiply the state space.
 *
 * Breadth-first search has to store every combination of noise states at
 * every depth below GOAL before it reaches the violation.  A heuristic
 * that reads the assertion (hf: |count - GOAL|) leads greedy search
 * almost straight to it: hf drops with every increment, so the search
 * expands a few thousand states (some noise moves tie with the counter's
 * guard and assertion steps, which leave hf unchanged) where BFS stores
 * millions.
 *
 * Expected verdict: violation (assertion count != GOAL).  The shortest
 * trail only moves the counter: 3 steps per increment (guard, increment,
 * assertion), 3 * GOAL = 90 steps.
 * SPIN 6.5.2 (-O2 -DNOREDUCE -DBFS) stores about 2.65 million states
 * before it reaches the violation (roughly 10 s and 315 MB on the machine of
 * docs/benchmarks.md).
 * Compile-time knobs (spin -D...): NOISE (default 5), GOAL (default 30).
 *
 * Written for spin-dmc.
 */
#ifndef NOISE
#define NOISE 5         /* number of noise processes */
#endif
#ifndef GOAL
#define GOAL  30        /* the counter value that violates the assertion */
#endif

byte count = 0;

active proctype counter()
{
	do
	:: count < GOAL -> count++;
	   assert(count != GOAL)     /* fails after GOAL increments */
	od
}

/* noise: a ring of local states.  Each step either moves `phase` around
 * a cycle of length 4, or toggles `b` -- neither affects the counter. */
active [NOISE] proctype noise()
{
	byte phase = 0;
	bit  b = 0;
	do
	:: phase = (phase + 1) % 4
	:: b = 1 - b
	od
}

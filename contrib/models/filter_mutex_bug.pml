/* filter_mutex_bug.pml -- Peterson's filter lock for N processes, with a bug.
 *
 * The filter lock generalises Peterson's two-process algorithm: a process
 * climbs levels 1 .. N-1; at level l it sets level[me] = l and
 * victim[l] = me, then waits until no other process is at level >= l or
 * somebody else has become the victim of level l.  A process that passes
 * level N-1 is in the critical section.  Correct for any N.
 *
 * Injected bug: the wait condition looks at only N-2 of the N-1 other
 * processes (it forgets the process at distance N-1 around the ring,
 * i.e. the one just "before" it), so two processes can end up in the
 * critical section together.  The critical section counts its occupants
 * in `ncrit`; the assertion ncrit <= 1 fails.
 *
 * Expected verdict: violation (assertion ncrit <= 1).
 * Compile-time knobs: -DN=3 or -DN=4 (default 5).  -DFIXED restores the full check
 * (then the model has no violation).
 *
 * Written for spin-dmc.
 */
#ifndef N
#define N 5
#endif

byte level[N];          /* level[p]: how far p has climbed (0: not trying) */
byte victim[N];         /* victim[l]: the last process to arrive at level l */
byte ncrit = 0;         /* processes in the critical section */

/* "process (_pid + d) % N is below level l" */
#define BELOW(d, l)  (level[(_pid + (d)) % N] < (l))

/* all others below level l: BELOW(1, l) && ... && BELOW(N-1, l) */
#if N == 3
#define ALL_BUT_LAST(l)  BELOW(1, l)
#elif N == 4
#define ALL_BUT_LAST(l)  (BELOW(1, l) && BELOW(2, l))
#elif N == 5
#define ALL_BUT_LAST(l)  (BELOW(1, l) && BELOW(2, l) && BELOW(3, l))
#else
#error "N must be 3, 4 or 5"
#endif
#ifdef FIXED
#define OTHERS_BELOW(l)  (ALL_BUT_LAST(l) && BELOW(N - 1, l))
#else
#define OTHERS_BELOW(l)  ALL_BUT_LAST(l)     /* BUG: forgets process _pid + N - 1 */
#endif

active [N] proctype p()
{
	byte l;
	do
	::	/* entry protocol: climb the levels */
		l = 1;
		do
		:: l < N ->
			level[_pid] = l;
			victim[l] = _pid;
			(victim[l] != _pid || OTHERS_BELOW(l));   /* wait */
			l++
		:: else -> break
		od;
		/* critical section */
		ncrit++;
		assert(ncrit <= 1);
		ncrit--;
		/* exit protocol */
		level[_pid] = 0
	od
}

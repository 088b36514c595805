/* leader_ring_ok.pml -- Chang and Roberts' leader election on a ring (correct).
 *
 * N nodes with distinct identities sit on a unidirectional ring of
 * buffered channels.  Every node sends its own identity to its
 * successor.  A node that receives an identity larger than its own
 * forwards it; a smaller one it swallows; its own identity, having gone
 * around the whole ring, makes it the leader.  The leader then sends an
 * `elected` message around the ring so that every node learns the
 * result, and everybody terminates.
 *
 * The identities are a permutation chosen nondeterministically by init
 * (rotations are fixed so node 0 always has the largest identity, which
 * loses nothing since the ring is symmetric), so every arrangement is
 * checked.
 *
 * Checked: at most one leader; the leader is the node with the largest
 * identity; every node learns that identity; no invalid end states.
 * Expected verdict: no violation.
 * Compile-time knob: -DN=5 (default 6; N <= 8).
 *
 * Written for spin-dmc.
 */
#ifndef N
#define N 6
#endif

mtype = { candidate, elected };

chan ring[N] = [N] of { mtype, byte };  /* ring[i]: into node i */
byte ident[N];          /* identities, a permutation of 1 .. N */
byte nleaders = 0;
byte informed = 0;      /* nodes that know the result */

proctype node(byte me)
{
	chan in = ring[me];
	chan out = ring[(me + 1) % N];
	byte id = ident[me];
	byte v;
	mtype m;

	out ! candidate(id);
	do
	:: in ? m, v ->
		if
		:: m == candidate && v > id -> out ! candidate(v)   /* forward */
		:: m == candidate && v < id -> skip                 /* swallow */
		:: m == candidate && v == id ->                     /* it came back */
			atomic { nleaders++; assert(nleaders == 1) };
			assert(id == N);                                /* the largest wins */
			out ! elected(id)
		:: m == elected ->
			assert(v == N);
			informed++;
			if
			:: v != id -> out ! elected(v)                  /* pass it on */
			:: else -> skip                                 /* back at the leader */
			fi;
			break
		fi
	od
}

/* choose a permutation of 1 .. N-1 for nodes 1 .. N-1 (node 0 gets N)
 * by random swaps, then start the nodes */
init {
	byte i, j, t;
	atomic {
		ident[0] = N;
		i = 1;
		do
		:: i < N -> ident[i] = i; i++
		:: else -> break
		od;
		/* Fisher-Yates: swap ident[i] with any ident[j], i <= j < N */
		i = 1;
		do
		:: i < N - 1 ->
			j = i;
			do
			:: j < N - 1 -> j++
			:: break
			od;
			t = ident[i]; ident[i] = ident[j]; ident[j] = t;
			i++
		:: else -> break
		od;
		i = 0; j = 0; t = 0;
		do
		:: i < N -> run node(i); i++
		:: else -> break
		od
	}
	/* wait until every node has terminated and check the outcome */
	_nr_pr == 1;
	assert(nleaders == 1 && informed == N)
}

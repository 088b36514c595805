/* philosophers_deadlock.pml -- dining philosophers that can deadlock.
 *
 * N philosophers sit at a round table with one fork between neighbours.
 * Each philosopher thinks for a while (THINK steps of a local counter),
 * takes the left fork, then the right fork, eats, and puts both forks
 * back.  Taking a fork is an atomic test-and-set.
 *
 * The bug is the classic one: everybody takes the left fork first.  If
 * all N philosophers hold their left fork, nobody can take a right fork:
 * every process is blocked and none is at an end label, which pan
 * reports as an invalid end state.  (The standard fix is to have one
 * philosopher take the right fork first; see -DFIXED.)
 *
 * Expected verdict: violation (invalid end state).  Use pan's default
 * checks (no -E); spin-dmc: --target deadlock.
 * Compile-time knobs: -DN=... -DTHINK=... -DFIXED.
 *
 * Written for spin-dmc.
 */
#ifndef N
#define N     6         /* philosophers (and forks) */
#endif
#ifndef THINK
#define THINK 2         /* thinking steps before getting hungry */
#endif

bit fork[N];            /* fork[i] = 1: taken; fork i is left of philosopher i */
byte meals = 0;         /* how many times somebody ate (bounded) */

active [N] proctype phil()
{
	byte t;
	byte left = _pid, right = (_pid + 1) % N;
#ifdef FIXED
	if
	:: _pid == N - 1 -> left = 0; right = N - 1     /* the last one goes right first */
	:: else
	fi;
#endif
	do
	::	/* think */
		t = 0;
		do
		:: t < THINK -> t++
		:: else -> break
		od;
		/* get hungry: take the forks, one at a time */
		atomic { fork[left] == 0 -> fork[left] = 1 };
		atomic { fork[right] == 0 -> fork[right] = 1 };
		/* eat */
		meals = (meals + 1) % 4;
		/* put the forks back */
		fork[right] = 0;
		fork[left] = 0
	od
}

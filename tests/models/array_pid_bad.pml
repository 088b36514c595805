/* array_pid_bad.pml -- arrays indexed by _pid.
 * Each of three processes owns the slot flag[_pid] and raises/lowers it
 * freely; the assertion claims that at most two flags are up at once,
 * which is false.
 * Expected verdict: violation (assertion).
 * SPIN 6.5.2 observed (-DNOREDUCE): BFS errors: 1 (21 states stored, trail 4 steps),
 *   DFS errors: 1 (11 states stored, trail 11 steps).
 */
#define N 3

bool flag[N];

active [N] proctype user()
{
	do
	:: flag[_pid] = true;
	   assert(flag[0] + flag[1] + flag[2] < N);   /* wrong: all may be up */
	   flag[_pid] = false
	od
}

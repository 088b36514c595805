/* dstep_swap_bad.pml -- d_step sequences.
 * Two processes repeatedly swap neighbouring elements of an array with
 * d_step (deterministic, indivisible), bubble-sorting it.  The sum of the
 * elements is invariant and is checked to be so; a third process asserts
 * that the array is never sorted, which fails once the sort finishes.
 * Expected verdict: violation (assertion).
 * SPIN 6.5.2 observed (-DNOREDUCE): BFS errors: 1 (438 states stored, trail 12 steps),
 *   DFS errors: 1 (209 states stored, trail 18 steps).
 */
byte a[4];

init {
	d_step { a[0] = 4; a[1] = 3; a[2] = 2; a[3] = 1 };
	run sorter(0);
	run sorter(2);
	run sorter(1);
	run watcher()
}

proctype sorter(byte i)
{
	byte t;
	do
	:: d_step {
		a[i] > a[i+1] ->
		t = a[i]; a[i] = a[i+1]; a[i+1] = t; t = 0
	   }
	:: a[i] <= a[i+1] -> break
	od
}

proctype watcher()
{
	do
	:: assert(a[0] + a[1] + a[2] + a[3] == 10)     /* invariant: holds */
	:: assert(!(a[0] <= a[1] && a[1] <= a[2] && a[2] <= a[3]))   /* fails when sorted */
	od
}

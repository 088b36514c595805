/* relax_cycle_bad.pml -- seed 000, Fig. 3 in Promela: a cycle that must
 * be gone round K times.  The counter goes up once per round of three
 * steps; the error is the counter reaching K.  Under the monotonicity
 * abstraction one round is enough to make "count = anything above" true
 * (count := count + 1 extends to +infinity at once), so hL and hU
 * underestimate badly: the known weakness of the relaxation.
 * Expected verdict: violation, trail 3*K + 1 steps.
 * SPIN 6.5.2 (-DBFS -DNOREDUCE): errors 1.
 */
#define K 20
byte count;
byte phase;

active proctype Cycle() {
	do
	:: phase == 0 -> phase = 1
	:: phase == 1 -> phase = 2
	:: phase == 2 -> phase = 0; count++
	od
}

active proctype Watch() { assert(count != K) }

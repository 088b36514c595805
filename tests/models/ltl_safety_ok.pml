/* ltl_safety_ok.pml -- an LTL safety formula that holds.
 * A bounded counter shared by two incrementers and two decrementers:
 * each tests and updates the counter in one atomic step (increment only
 * below 4, decrement only above 0) and then does some local work.  The
 * formula [] (x <= 4) holds.
 * Expected verdict: no violation.
 * SPIN 6.5.2 observed (-DNOREDUCE): BFS errors: 0 (135 states stored),
 *   DFS errors: 0 (135 states stored).
 */
byte x = 0;

active [2] proctype up()
{
	byte n = 0;
	do
	:: atomic { x < 4 -> x++ };
	   n = (n + 1) % 3               /* local work */
	od
}

active [2] proctype down()
{
	byte n = 0;
	do
	:: atomic { x > 0 -> x-- };
	   n = (n + 1) % 3
	od
}

ltl bounded { [] (x <= 4) }

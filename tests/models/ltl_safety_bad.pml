/* ltl_safety_bad.pml -- an LTL safety formula ([] p).
 * A thermostat process raises and lowers a temperature; the heater is
 * switched off at 4, but a second process can add heat at the same time.
 * The formula claims the temperature always stays below 5: it does not.
 * Expected verdict: violation (claim: the assertion SPIN places in the
 * never claim it generates from the formula).
 * SPIN 6.5.2 observed (-DNOREDUCE): BFS errors: 1 (15 states stored, trail 10 steps),
 *   DFS errors: 1 (11 states stored, trail 21 steps).
 */
byte temp = 0;
bool heater = true;

active proctype thermostat()
{
	do
	:: heater && temp >= 4 -> heater = false
	:: !heater && temp <= 2 -> heater = true
	od
}

active proctype room()
{
	do
	:: heater && temp < 6 -> temp++    /* heats while the heater is on */
	:: temp > 0 -> temp--              /* cools down */
	od
}

ltl p { [] (temp < 5) }

/* traffic_ltl_bad.pml -- written for spin-dmc's guidance corpus.
 * A controller for a crossing of two roads, each with a light that goes
 * green, yellow, red, and sensors for waiting cars on each road that
 * arrive and leave on their own.  Injected bug: when cars wait on the
 * east-west road and the north-south light is yellow, the controller
 * turns east-west green without waiting for north-south to turn red.
 * Violation: the LTL safety property "one road always has a red light"
 * (a never claim). */
mtype = { red, yellow, green };
mtype ns = red, ew = red;
bool car_ns, car_ew;
byte ticks;

ltl safe { [] (ns == red || ew == red) }

active proctype Sensors()
{
	do
	:: car_ns = !car_ns
	:: car_ew = !car_ew
	od
}

active proctype Controller()
{
	do
	:: atomic { ns == red && ew == red && car_ns -> ns = green; ticks = 0 }
	:: atomic { ns == red && ew == red && car_ew -> ew = green; ticks = 0 }
	:: atomic { ns == green && ticks < 3 -> ticks++ }
	:: atomic { ns == green && ticks == 3 && car_ew -> ns = yellow }
	:: atomic { ns == yellow -> ns = red }
	:: atomic { ns == yellow && car_ew && ticks == 3 -> ew = green; ticks = 0 }	/* bug: ns still yellow */
	:: atomic { ew == green && ticks < 3 -> ticks++ }
	:: atomic { ew == green && ticks == 3 && car_ns -> ew = yellow }
	:: atomic { ew == yellow -> ew = red }
	od
}

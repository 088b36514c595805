/* Two processes take turns; one may stop asking forever: []<> served fails. */
bool want, served, idle;
active proctype Client() {
	do
	:: want = true; served == true; served = false; want = false
	:: idle = !idle   /* idles: may never ask again */
	od
}
active proctype Server() {
	do
	:: want && !served -> served = true
	od
}
ltl live { [] <> served }

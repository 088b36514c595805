/* The process ends without setting done: <> done fails on the final
 * state, repeated forever (SPIN's stutter extension). */
bool done;
byte k;
active proctype P() {
	do
	:: k < 3 -> k++
	:: k == 3 -> break
	od
}
ltl ends { <> done }

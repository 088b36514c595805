/* The process sets done before it ends: <> done holds. */
bool done;
byte k;
active proctype P() {
	do
	:: k < 3 -> k++
	:: k == 3 -> break
	od;
	done = true
}
ltl ends { <> done }

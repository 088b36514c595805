/* The system blocks before its progress label.  SPIN's -l counts a
 * stutter step as progress (np_ is false on it), so a blocked system
 * makes no non-progress cycle: pan -l finds none. */
byte x;
active proctype P() {
	do
	:: x < 2 -> x++
	:: x == 2 -> break
	od;
	x == 5       /* blocks forever */
progress: skip
}

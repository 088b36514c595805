/* The system blocks without progress: a non-progress cycle by stuttering. */
byte x;
active proctype P() {
	do
	:: x < 2 -> x++
	:: x == 2 -> break
	od;
	x == 5       /* blocks forever */
progress: skip
}

/* cond_index_bad.pml -- a conditional expression in an array index:
 * pan's text is "a[( (c) ? (1) : (0) )]", which hf could not parse, and
 * it refused the model ("the targets have none": issue 13 item 8).
 * SPIN 6.5.2 pan: errors 1.
 */
byte a[2];
bool c;
active proctype P() {
	do
	:: c = !c
	:: a[(c -> 1 : 0)] = a[(c -> 1 : 0)] + 1
	:: a[0] > 3 -> break
	od;
	assert(a[(c -> 1 : 0)] == 0)
}

/* Rendezvous: the consumer may stop taking items forever. */
chan c = [0] of { byte };
byte got;
bool idle;
active proctype Producer() {
	byte i;
	do
	:: c ! i; i = (i + 1) % 3
	od
}
active proctype Consumer() {
	byte v;
	do
	:: c ? v; got = v
	:: got == 2 -> do :: idle = !idle od   /* stops consuming */
	od
}
ltl keeps { [] <> (got == 1) }
